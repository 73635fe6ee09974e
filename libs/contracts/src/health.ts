export interface HealthStatus {
  status: 'ok' | 'error';
  database: { status: 'up' | 'down'; mode: 'postgres' | 'embedded' };
  queue: { status: 'up' | 'down'; mode: 'redis' | 'in-process' };
}
