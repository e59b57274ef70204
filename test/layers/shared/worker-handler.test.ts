import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { PROJECT_ROOT } from '../../../lib/constructs/api-function.construct';
import { emfLinesDuring } from '../../support/emf';
import { unreachableLambdaEnv } from '../../support/unreachable-env';

// Every worker Lambda of the registry (S3, SQS, schedule and state-machine step handlers) must
// leave CloudWatch one embedded-metric line per invocation, worker_ok or worker_error under its
// registry name, whatever the invocation did. The walk reads layers/shared/workers.ts, so a
// worker added there is checked without touching this file.

interface WorkerEntry {
  name: string;
  handler: string;
}

/** Every Lambda the worker registry names: `{ id | state, handler }` entries and lists of them. */
async function registryWorkers(): Promise<WorkerEntry[]> {
  const registry = (await import('#shared/workers')) as Record<string, unknown>;
  const entries: WorkerEntry[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const { id, state, handler } = value as { id?: string; state?: string; handler?: unknown };
    if (typeof handler === 'string' && handler.endsWith('.handler.ts'))
      entries.push({ name: id ?? state ?? handler, handler });
  };
  Object.values(registry).forEach(visit);
  return entries;
}

const saved = { ...process.env };
let scratch: string;
beforeAll(() => {
  // Every composition root builds and any call it makes fails at once (a worker_error is fine:
  // the metric must be there either way).
  scratch = mkdtempSync(join(tmpdir(), 'ao-worker-metrics-'));
  Object.assign(process.env, unreachableLambdaEnv(scratch));
  delete process.env.POWERTOOLS_METRICS_DISABLED;
});
afterAll(() => {
  process.env = { ...saved };
  rmSync(scratch, { recursive: true, force: true });
});

describe('every worker in the registry', () => {
  test('counts each invocation as worker_ok or worker_error under its registry name', async () => {
    const workers = await registryWorkers();
    expect(workers.length).toBeGreaterThanOrEqual(9);

    const silent: string[] = [];
    for (const worker of workers) {
      const entry = resolve(PROJECT_ROOT, worker.handler);
      const mod = (await import(entry)) as {
        handler: (event: unknown, context: unknown) => Promise<unknown>;
      };
      const docs = await emfLinesDuring(() =>
        mod
          .handler({ Records: [] }, { functionName: worker.name, awsRequestId: 'test' })
          .catch(() => undefined),
      );
      const counted = docs.filter(
        (d) => d.worker === worker.name && (d.worker_ok === 1 || d.worker_error === 1),
      );
      if (counted.length !== 1) silent.push(worker.name);
    }

    expect(silent).toEqual([]);
  });
});

describe('workerHandler', () => {
  test('passes the error on unchanged and counts worker_error with a cold start', async () => {
    vi.resetModules();
    const { workerHandler } = await import('#shared/worker-handler');
    const boom = new Error('step failed');
    const handler = workerHandler('Extract', async () => {
      throw boom;
    });

    let thrown: unknown;
    const docs = await emfLinesDuring(() =>
      handler({}).catch((e) => {
        thrown = e;
      }),
    );

    expect(thrown).toBe(boom);
    expect(docs.find((d) => d.worker === 'Extract')).toMatchObject({ worker_error: 1 });
    expect(docs.some((d) => d.ColdStart === 1)).toBe(true);
  });

  test('returns what the worker returns and counts worker_ok', async () => {
    const { workerHandler } = await import('#shared/worker-handler');
    const handler = workerHandler(
      'ReportQueueConsumer',
      async (event: { n: number }) => event.n + 1,
    );

    let result: unknown;
    const docs = await emfLinesDuring(async () => {
      result = await handler({ n: 41 });
    });

    expect(result).toBe(42);
    expect(docs.find((d) => d.worker === 'ReportQueueConsumer')).toMatchObject({ worker_ok: 1 });
  });
});
