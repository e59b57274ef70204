/** Minimal types for autocannon@8 (it ships none); only what bin/bench/report-api-bench.ts uses. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface AutocannonOptions {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Concurrent connections. */
    connections?: number;
    /** Total requests before stopping. */
    amount?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
  }

  interface AutocannonResult {
    requests: { total: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }

  interface Instance extends EventEmitter {
    /** `response` events: (client, statusCode, resBytes, responseTimeMs). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, ms: number) => void,
    ): this;
    on(event: 'done', listener: (result: AutocannonResult) => void): this;
  }

  function autocannon(
    opts: AutocannonOptions,
    done?: (err: Error | null, result: AutocannonResult) => void,
  ): Instance;
  export default autocannon;
}
