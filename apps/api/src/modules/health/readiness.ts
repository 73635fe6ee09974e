import { Injectable } from '@nestjs/common';

/** Whether this instance takes new traffic. Off for good once a shutdown begins (docs/domain.md, "Restarts and
 * graceful shutdown"): readiness answers 503 and every answer closes its connection, so load balancers and
 * keep-alive clients move to other instances before the listener closes. Not a database or Redis check: with the
 * database away every instance would be unready and visitors would get the load balancer's error page instead of
 * the API's Spanish 503. */
@Injectable()
export class Readiness {
  private isDraining = false;

  get draining(): boolean {
    return this.isDraining;
  }

  drain(): void {
    this.isDraining = true;
  }
}
