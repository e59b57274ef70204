import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj } from '@middy/core';
import { SERVICE_NAME } from './metric-names';

/**
 * One Powertools Tracer per container: X-Ray segments for each invocation (the functions run
 * with active tracing, lib/constructs/api-function.construct.ts). Outside Lambda Powertools
 * turns itself off (no AWS_EXECUTION_ENV), as does POWERTOOLS_TRACE_ENABLED=false.
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME });

/**
 * The tracing middleware of every route and worker: one subsegment per invocation with the cold
 * start and service annotations. Responses are not captured (they carry customers' data);
 * errors are, as the segment's fault.
 */
export function traced<E, R>(): MiddlewareObj<E, R> {
  return captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareObj<E, R>;
}
