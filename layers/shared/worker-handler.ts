import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { workerMetrics } from './metrics';
import { traced } from './tracer';

/**
 * Wraps a worker (a Lambda of layers/shared/workers.ts: S3, SQS, schedule or state-machine
 * step) with what every Lambda carries: an X-Ray subsegment, a ColdStart metric and one
 * worker_ok / worker_error count with dimension `worker` = `name` (the registry id or state).
 * What `run` returns or throws passes through unchanged, so retries and the state machine's
 * Catch see the same outcome. `context` may be omitted (handler tests).
 * @param name the worker's registry id (`ImportObjectCreated`) or step state (`Extract`).
 */
export function workerHandler<E, R>(
  name: string,
  run: (event: E, context: Context) => Promise<R>,
): (event: E, context?: Context) => Promise<R> {
  const wrapped = middy<E, R>()
    .use(traced<E, R>())
    .use(workerMetrics<E, R>(name))
    .handler((event, context) => run(event, context));
  return (event, context) => wrapped(event, context ?? ({} as Context));
}
