import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj } from '@middy/core';
import { SERVICE_NAME } from './metric-names';

/**
 * Powertools' Tracer, one per container: X-Ray segments for each invocation (the functions run
 * with active tracing, lib/constructs/api-function.construct.ts). Only ./tracer.ts imports this
 * module, and only where the tracer is on: importing it loads the X-Ray SDK, whose
 * continuation-local context tracks every promise of the process from then on.
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME });

/**
 * The tracing middleware: one subsegment per invocation with the cold start and service
 * annotations. Responses are not captured (they carry customers' data); errors are, as the
 * segment's fault.
 */
export function captureHandler<E, R>(): MiddlewareObj<E, R> {
  return captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareObj<E, R>;
}
