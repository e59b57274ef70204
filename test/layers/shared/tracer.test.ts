import { afterEach, describe, expect, test, vi } from 'vitest';

// The X-Ray SDK under Powertools' Tracer keeps its segment in a cls-hooked namespace, created
// when the SDK loads; the namespace's async hook then tracks every promise of the process. Only
// a process that traces (a Lambda) may load it: the local stack, the tests and the benchmarks
// would pay for it on every await with nothing traced.

/** cls-hooked's registry of namespaces (process.namespaces), where the X-Ray SDK's lives. */
const xrayNamespace = () =>
  (process as unknown as { namespaces?: Record<string, unknown> }).namespaces?.AWSXRay;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the shared tracer', () => {
  test('outside Lambda, a route wrapper loads no X-Ray SDK and installs no promise hook', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', undefined);
    vi.resetModules();
    const { tracer, traced } = await import('#shared/tracer');
    await import('#shared/http/route-handler');

    expect(tracer).toBeUndefined();
    expect(traced()).toEqual([]);
    expect(xrayNamespace()).toBeFalsy();
  });

  test('in a Lambda with tracing switched off, the same: nothing is loaded', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'false');
    vi.resetModules();
    const { tracer } = await import('#shared/tracer');

    expect(tracer).toBeUndefined();
    expect(xrayNamespace()).toBeFalsy();
  });

  test('in a Lambda, the Powertools tracer is on and its middleware traces each invocation', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', undefined);
    vi.stubEnv('POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS', 'false');
    vi.resetModules();
    const { tracer, traced } = await import('#shared/tracer');
    const [middleware, ...more] = traced();

    expect(tracer?.isTracingEnabled()).toBe(true);
    expect(more).toEqual([]);
    expect(typeof middleware?.before).toBe('function');
    expect(typeof middleware?.after).toBe('function');
    expect(typeof middleware?.onError).toBe('function');
    expect(xrayNamespace()).toBeTruthy();
  });
});

describe('tracingEnabled (Powertools rule)', () => {
  test.each([
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' }, true],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'FALSE' }, false],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'true' }, true],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', AWS_SAM_LOCAL: 'true' }, false],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_amplify-mock' }, false],
    [{}, false],
  ])('%o → %s', async (env, on) => {
    const { tracingEnabled } = await import('#shared/tracer');
    expect(tracingEnabled(env)).toBe(on);
  });
});
