import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { MiddlewareObj } from '@middy/core';
import { METRICS_NAMESPACE, ROUTE_METRICS, SERVICE_NAME, WORKER_METRICS } from './metric-names';

// EMF lines are CloudWatch's input and only clutter a terminal: outside Lambda (npm start, the
// tests, the CLI tools; the runtime sets AWS_LAMBDA_FUNCTION_NAME) metrics stay off unless
// POWERTOOLS_METRICS_DISABLED says otherwise. Powertools reads the switch from the environment
// only, and only when the instance is built, hence before `new Metrics`.
if (
  process.env.POWERTOOLS_METRICS_DISABLED === undefined &&
  !process.env.AWS_LAMBDA_FUNCTION_NAME
) {
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
}

/**
 * One Powertools Metrics per container (house-style item 4), namespace AnalyticOwl, dimension
 * `service=analyticowl`. Flushed as one EMF line per invocation by {@link routeMetrics} /
 * {@link workerMetrics}.
 */
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME });

/** Counts one `name` with one dimension; flushed with the invocation's other metrics. */
function count(dimension: string, value: string, name: string): void {
  metrics.addDimension(dimension, value);
  metrics.addMetric(name, MetricUnit.Count, 1);
}

/** The metric of a route's final status (see ROUTE_METRICS). */
function routeOutcome(status: number): string {
  if (status >= 500) return ROUTE_METRICS.error;
  return status >= 400 ? ROUTE_METRICS.refused : ROUTE_METRICS.ok;
}

/**
 * Middlewares of every HTTP route (layers/shared/http/route-handler.ts), used before the error
 * mapper so they see the final response: a ColdStart metric on a container's first request and
 * one route_ok / route_refused / route_error count with dimension `route` (the route key).
 */
export function routeMetrics<
  E extends { routeKey?: string },
  R extends { statusCode?: number },
>(): MiddlewareObj<E, R>[] {
  const outcome = (request: { event: E; response: R | null | undefined }) => {
    const status = request.response?.statusCode ?? 500;
    count('route', request.event.routeKey ?? 'unknown', routeOutcome(status));
  };
  return [
    logMetrics(metrics, { captureColdStartMetric: true }) as MiddlewareObj<E, R>,
    { after: outcome, onError: outcome },
  ];
}

/**
 * Middlewares of every worker (layers/shared/worker-handler.ts): a ColdStart metric and one
 * worker_ok / worker_error count with dimension `worker` = `name`. The error is left to throw.
 */
export function workerMetrics<E, R>(name: string): MiddlewareObj<E, R>[] {
  return [
    logMetrics(metrics, { captureColdStartMetric: true }) as MiddlewareObj<E, R>,
    {
      after: () => count('worker', name, WORKER_METRICS.ok),
      onError: () => count('worker', name, WORKER_METRICS.error),
    },
  ];
}
