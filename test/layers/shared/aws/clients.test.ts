import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// In AWS every DynamoDB, S3, SQS, Step Functions and Athena call of a Lambda shows in its X-Ray
// trace as its own subsegment (service, operation, table or bucket): the shared clients carry
// X-Ray's SDK instrumentation. Outside Lambda the tracer is off and the clients stay untouched,
// so the local stack and the tests never try to reach an X-Ray daemon.

/** X-Ray's middleware name in an SDK v3 client's stack (aws-xray-sdk-core, aws3_p). */
const XRAY_MIDDLEWARE = 'XRaySDKInstrumentation';

type Clients = typeof import('#shared/aws/clients');

/** The clients module (and the tracer it uses) evaluated afresh under the current environment. */
async function freshClients(): Promise<Clients> {
  vi.resetModules();
  return import('#shared/aws/clients');
}

/** Every shared client, by the service its calls go to. */
const made = (clients: Clients) => ({
  dynamodb: clients.ddbDocClient(),
  s3: clients.s3Client(),
  sqs: clients.sqsClient(),
  sfn: clients.sfnClient(),
  athena: clients.athenaClient(),
});

const instrumented = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().some((m) => m.startsWith(XRAY_MIDDLEWARE));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('AWS SDK clients in a Lambda', () => {
  beforeEach(() => {
    // What the Lambda runtime sets; Powertools turns the tracer on from it.
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', undefined);
    // Keeps this test from patching node:http for the rest of the worker process.
    vi.stubEnv('POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS', 'false');
  });

  test('carry X-Ray instrumentation, so each DynamoDB, S3, SQS, SFN and Athena call is traced', async () => {
    const clients = await freshClients();

    const untraced = Object.entries(made(clients))
      .filter(([, client]) => !instrumented(client))
      .map(([service]) => service);

    expect(untraced).toEqual([]);
  });
});

describe('AWS SDK clients outside Lambda (local stack, tests)', () => {
  test('stay uninstrumented while the tracer is off', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', undefined);
    const clients = await freshClients();
    const { tracer } = await import('#shared/tracer');

    expect(tracer).toBeUndefined();
    expect(Object.values(made(clients)).filter(instrumented)).toEqual([]);
  });

  test('stay uninstrumented in a Lambda with POWERTOOLS_TRACE_ENABLED=false', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'false');
    const clients = await freshClients();

    expect(Object.values(made(clients)).filter(instrumented)).toEqual([]);
  });
});
