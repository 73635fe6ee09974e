export interface HealthStatus {
  status: 'ok' | 'error';
  database: { status: 'up' | 'down'; mode: 'postgres' | 'embedded' };
  queue: { status: 'up' | 'down'; mode: 'redis' | 'in-process' };
}

/** `GET /api/health/live`: 200 while the process runs, draining or not; it checks nothing else. */
export interface LivenessStatus {
  status: 'ok';
}

/** `GET /api/health/ready`: 200 `ready` while the instance takes traffic, 503 `draining` once it is shutting down. */
export interface ReadinessStatus {
  status: 'ready' | 'draining';
}
