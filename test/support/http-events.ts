import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import base from '../fixtures/events/http-post.json';

/**
 * Builds an API Gateway HTTP API v2 event from the fixture (structuredClone'd per call).
 * `sub: null` removes the authorizer claims (an anonymous request).
 */
export function httpEvent(opts: {
  body?: unknown;
  query?: Record<string, string>;
  sub?: string | null;
  groups?: string[];
}): APIGatewayProxyEventV2 {
  const event = structuredClone(base) as unknown as APIGatewayProxyEventV2 & {
    requestContext: { authorizer?: unknown };
  };
  event.body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  event.queryStringParameters = opts.query;
  if (opts.sub === null) delete event.requestContext.authorizer;
  else
    event.requestContext.authorizer = {
      jwt: {
        claims: {
          sub: opts.sub ?? 'user-a',
          ...(opts.groups ? { 'cognito:groups': opts.groups } : {}),
        },
        scopes: [],
      },
    };
  return event;
}

/** A Lambda context good enough for handler tests. */
export const lambdaContext = { awsRequestId: 'test', functionName: 'test' } as Context;

/** Parses a handler's JSON response body. */
export function bodyOf(response: { body?: string }): {
  success: boolean;
  message: string;
  result?: unknown;
  error?: { code: string; message: string; field?: string };
} {
  return JSON.parse(response.body ?? '{}');
}
