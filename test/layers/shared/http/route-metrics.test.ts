import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { emfLinesDuring } from '../../../support/emf';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';

// Every HTTP route is built by route-handler.ts; in Lambda each invocation must leave CloudWatch
// one embedded-metric (EMF) line counting its outcome by route, plus the cold start. Outside
// Lambda (npm start, tests, the CLI tools) nothing of the kind may reach the terminal.

/** Metric names an EMF document declares. */
const metricNames = (doc: Record<string, unknown>) =>
  (
    doc._aws as { CloudWatchMetrics: Array<{ Metrics: Array<{ Name: string }> }> }
  ).CloudWatchMetrics.flatMap((m) => m.Metrics.map((x) => x.Name));

/** Imports a fresh route-handler module (its Metrics singleton reads the environment then). */
async function freshRoutes() {
  vi.resetModules();
  const { publicRoute } = await import('#shared/http/route-handler');
  const errors = await import('#shared/errors');
  return { publicRoute, errors };
}

const saved = { ...process.env };
beforeEach(() => {
  delete process.env.POWERTOOLS_METRICS_DISABLED;
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  delete process.env.AWS_LAMBDA_INITIALIZATION_TYPE;
});
afterEach(() => {
  process.env = { ...saved };
});

describe('route metrics in Lambda', () => {
  beforeEach(() => {
    // What the Lambda runtime sets.
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'FetchThingsFunction';
    process.env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand';
  });

  test('an answered request counts route_ok under its route, in the AnalyticOwl namespace', async () => {
    const { publicRoute } = await freshRoutes();
    const handler = publicRoute(z.object({}), async () => ({ fine: true }));

    const docs = await emfLinesDuring(() =>
      handler(httpEvent({ body: {} }), { ...lambdaContext, functionName: 'FetchThingsFunction' }),
    );

    const outcome = docs.find((d) => metricNames(d).includes('route_ok'));
    expect(outcome).toMatchObject({ route: 'POST /ss_rest/example', route_ok: 1 });
    expect(JSON.stringify(outcome?._aws)).toContain('"Namespace":"AnalyticOwl"');
    expect(docs.some((d) => metricNames(d).includes('ColdStart'))).toBe(true);
  });

  test('a refused request counts route_refused and a crash counts route_error', async () => {
    const { publicRoute, errors } = await freshRoutes();
    const refusing = publicRoute(z.object({}), async () => {
      throw new errors.Forbidden();
    });
    const crashing = publicRoute(z.object({}), async () => {
      throw new Error('disk on fire');
    });

    let crashed: { statusCode?: number; body?: string } = {};
    const docs = await emfLinesDuring(async () => {
      await refusing(httpEvent({ body: {} }), lambdaContext);
      crashed = await crashing(httpEvent({ body: {} }), lambdaContext);
    });

    const names = docs.flatMap(metricNames);
    expect(names).toContain('route_refused');
    expect(names).toContain('route_error');
    expect(names).not.toContain('route_ok');
    // The metric does not change what the caller sees.
    expect(crashed.statusCode).toBe(500);
    expect(bodyOf(crashed).error?.code).toBe('internal');
  });
});

describe('route metrics outside Lambda', () => {
  test('print nothing to the terminal unless POWERTOOLS_METRICS_DISABLED=false asks for them', async () => {
    const { publicRoute } = await freshRoutes();
    const handler = publicRoute(z.object({}), async () => ({ fine: true }));

    const quiet = await emfLinesDuring(() => handler(httpEvent({ body: {} }), lambdaContext));
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    const asked = await freshRoutes();
    const loud = await emfLinesDuring(() =>
      asked.publicRoute(z.object({}), async () => ({}))(httpEvent({ body: {} }), lambdaContext),
    );

    expect(quiet).toEqual([]);
    expect(loud.flatMap(metricNames)).toContain('route_ok');
  });
});
