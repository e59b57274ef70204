import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

/**
 * An API Gateway HTTP API v2 event; `sub` puts verified claims where the authorizer does, and
 * `groups` their `cognito:groups` (e.g. `['staff']`); `headers` (lower-case names, as API
 * Gateway gives them) are added to the JSON content type.
 */
export function httpEvent(opts: {
  method: 'GET' | 'POST';
  path: string;
  sub?: string;
  groups?: string[];
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}): APIGatewayProxyEventV2 {
  const requestContext = {
    accountId: '123456789012',
    apiId: 'api',
    domainName: 'localhost',
    domainPrefix: 'localhost',
    http: {
      method: opts.method,
      path: opts.path,
      protocol: 'HTTP/1.1',
      sourceIp: '127.0.0.1',
      userAgent: 'vitest',
    },
    requestId: 'req-1',
    routeKey: `${opts.method} ${opts.path}`,
    stage: '$default',
    time: '01/Apr/2024:12:00:00 +0000',
    timeEpoch: 1711972800000,
    ...(opts.sub
      ? {
          authorizer: {
            jwt: {
              claims: {
                sub: opts.sub,
                email: `${opts.sub}@example.com`,
                ...(opts.groups ? { 'cognito:groups': opts.groups } : {}),
              },
              scopes: [],
            },
          },
        }
      : {}),
  };
  return structuredClone({
    version: '2.0',
    routeKey: `${opts.method} ${opts.path}`,
    rawPath: opts.path,
    rawQueryString: new URLSearchParams(opts.query ?? {}).toString(),
    headers: { 'content-type': 'application/json', ...opts.headers },
    ...(opts.query ? { queryStringParameters: opts.query } : {}),
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    isBase64Encoded: false,
    requestContext,
  }) as APIGatewayProxyEventV2;
}

export const lambdaContext = {} as Context;

/** The parsed envelope of a handler response. */
export function envelope(res: { body?: string }) {
  return JSON.parse(res.body ?? '{}') as {
    success: boolean;
    message: string;
    result?: unknown;
    error?: { code: string; message: string; field?: string };
  };
}
