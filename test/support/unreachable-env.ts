import { ENV } from '#shared/workers';

/**
 * An environment in which any handler's composition root builds but every call it makes fails
 * at once: each registry variable set to a placeholder, AWS pointed at a closed local port with
 * one attempt, the local outboxes in `scratchDir`, Stripe unset. What the Lambda runtime sets
 * (function name, on-demand start) is included, so Powertools behaves as in AWS.
 */
export function unreachableLambdaEnv(scratchDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of Object.values(ENV)) {
    if (!name.startsWith('STRIPE_')) env[name] = `test-${name.toLowerCase()}`;
  }
  return {
    ...env,
    [ENV.queryEngine]: 'athena',
    [ENV.mailOutboxDir]: scratchDir,
    [ENV.crmOutboxDir]: scratchDir,
    [ENV.duckdbLakeDir]: scratchDir,
    [ENV.cognitoIssuer]: 'http://127.0.0.1:9/pool',
    [ENV.appOrigin]: 'http://127.0.0.1:9',
    AWS_LAMBDA_FUNCTION_NAME: 'function-under-test',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_MAX_ATTEMPTS: '1',
    AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
    ATTRIBUTION_WORKERS: '0',
  };
}
