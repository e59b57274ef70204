/**
 * Names shared by the Lambdas that emit metrics (layers/shared/metrics.ts) and the CDK that
 * alarms on and charts them (lib/constructs/alarms.construct.ts, lib/stacks/monitoring.stack.ts).
 * Plain constants: importing them builds no Metrics instance.
 */

/** CloudWatch namespace of the Lambdas' own metrics (Powertools EMF lines). */
export const METRICS_NAMESPACE = 'AnalyticOwl';

/** Powertools service name: the `service` dimension of every metric and the tracer's service. */
export const SERVICE_NAME = 'analyticowl';

/**
 * One count per HTTP request, dimension `route` (the API Gateway route key, e.g.
 * `POST /ss_rest/fetch_companies`): answered (status below 400), refused (4xx: bad input, no
 * access) or failed (5xx: our fault).
 */
export const ROUTE_METRICS = {
  ok: 'route_ok',
  refused: 'route_refused',
  error: 'route_error',
} as const;

/**
 * One count per worker invocation, dimension `worker` (the registry id or state name of
 * layers/shared/workers.ts, e.g. `ImportObjectCreated`, `Extract`): returned or threw.
 */
export const WORKER_METRICS = { ok: 'worker_ok', error: 'worker_error' } as const;
