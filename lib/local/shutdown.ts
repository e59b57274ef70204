/**
 * The local stack's shutdown order: the gateways close first (no new requests), then every
 * started service and worker in reverse start order. A failing step is logged and the rest
 * still run; stopping twice waits for the first stop.
 */
export class LocalShutdown {
  /** Stop steps in start order; startLocalStack pushes each as its service starts. */
  readonly steps: (() => Promise<void>)[] = [];
  /** What closes the gateways, run before every step. */
  closeGateways: (() => Promise<void>) | undefined;
  private stopped: Promise<void> | undefined;

  constructor(private readonly log: (line: string) => void) {}

  /** Registers a started service's stop() as a step; returns the service (for `.then`). */
  readonly keep = <T extends { stop(): Promise<void> }>(service: T): T => {
    this.steps.push(() => service.stop());
    return service;
  };

  /** Runs the gateways' close, then the steps in reverse order; safe to call twice. */
  readonly stop = (): Promise<void> => {
    this.stopped ??= (async () => {
      const first = this.closeGateways ? [this.closeGateways] : [];
      for (const fn of [...first, ...this.steps.reverse()]) {
        try {
          await fn();
        } catch (error) {
          this.log(`shutdown step failed: ${(error as Error).message}`);
        }
      }
    })();
    return this.stopped;
  };
}
