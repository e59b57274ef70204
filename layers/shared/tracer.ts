import type { MiddlewareObj } from '@middy/core';

/**
 * Whether Powertools' Tracer turns itself on in this environment, by its own rule
 * (Tracer.setTracingEnabled in @aws-lambda-powertools/tracer): in a Lambda execution environment
 * (AWS_EXECUTION_ENV set), not under SAM CLI (AWS_SAM_LOCAL) or the Amplify mock, unless
 * POWERTOOLS_TRACE_ENABLED is "false".
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const execution = env.AWS_EXECUTION_ENV ?? '';
  return (
    (env.POWERTOOLS_TRACE_ENABLED ?? '').toLowerCase() !== 'false' &&
    execution !== '' &&
    execution !== 'AWS_Lambda_amplify-mock' &&
    (env.AWS_SAM_LOCAL ?? '') === ''
  );
}

/**
 * The Powertools tracer, loaded only where it traces. Loading it is not free even when it is
 * off: the X-Ray SDK creates its continuation-local namespace (cls-hooked) at import, which
 * enables an async hook with destroy tracking for every promise of the process, for as long as
 * the process lives (cls-hooked never disables it). An `await` then costs about 1 µs more (an
 * await loop ran 20x slower), and a report read, whose AWS SDK calls make hundreds of promises,
 * spent 8% of its CPU in the hook. Outside Lambda (the local stack, the tests, the benchmarks)
 * the tracer would be off anyway, so it is not loaded there at all.
 */
const powertools = tracingEnabled() ? await import('./powertools-tracer') : undefined;

/** The container's Tracer where it traces (in Lambda), else undefined. */
export const tracer = powertools?.tracer;

/**
 * The tracing middleware of every route and worker, as a list for middy's `use`: one X-Ray
 * subsegment per invocation with the cold start and service annotations, responses not
 * captured, errors captured as the segment's fault (powertools-tracer.ts). Outside Lambda the
 * list is empty (middy refuses a middleware with no step).
 */
export function traced<E, R>(): MiddlewareObj<E, R>[] {
  return powertools ? [powertools.captureHandler<E, R>()] : [];
}

/**
 * `client` with X-Ray's SDK middleware added where the tracer is on, so each of its calls is
 * its own subsegment (service, operation, table or bucket); otherwise `client` as it is.
 */
export function traceClient<T extends object>(client: T): T {
  return powertools ? powertools.tracer.captureAWSv3Client(client) : client;
}
