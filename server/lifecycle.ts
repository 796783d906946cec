/**
 * Whether this server takes new work. It stops the moment it is told to stop (SIGTERM), before it closes:
 * its readiness (GET /api/health) answers 503 from then on, so that a load balancer stops sending it
 * requests while it finishes those in flight (docs/decisions/019-restarts-that-drop-nothing.md).
 */
export class Lifecycle {
  private stopping = false;

  get isStopping(): boolean {
    return this.stopping;
  }

  stop(): void {
    this.stopping = true;
  }
}
