import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Envelope } from '../../layers/shared/http/envelope';
import { ROUTES, type RouteName } from '../../layers/shared/routes';
import { loadHandler } from './handler-loader';
import { lambdaContext } from './lambda-context';

type Input = Record<string, unknown>;

function routeOf(name: RouteName) {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`unknown route ${name}`);
  return route;
}

function unwrap<T>(name: string, status: number, text: string): T {
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${name}: HTTP ${status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (!envelope.success) throw new Error(`${name}: HTTP ${status}: ${envelope.message}`);
  return envelope.result as T;
}

/**
 * Calls a route through the local gateway over HTTP, as the browser does: GET input in the
 * query string, POST input as a JSON body, and `Authorization: Bearer <idToken>` when given.
 * @returns the envelope's `result`.
 * @throws Error with the route, status and message when `success` is false.
 */
export async function callApi<T>(
  baseUrl: string,
  name: RouteName,
  input: Input = {},
  idToken?: string,
): Promise<T> {
  const route = routeOf(name);
  const url = new URL(route.path, baseUrl);
  const auth: Record<string, string> = idToken ? { authorization: `Bearer ${idToken}` } : {};
  const init: RequestInit = { method: route.method, headers: auth };
  if (route.method === 'GET') {
    for (const [k, v] of Object.entries(input))
      if (v !== undefined) url.searchParams.set(k, String(v));
  } else {
    init.headers = { ...auth, 'content-type': 'application/json' };
    init.body = JSON.stringify(input);
  }
  const res = await fetch(url, init);
  return unwrap<T>(name, res.status, await res.text());
}

/**
 * Invokes a route's handler in-process with verified `claims` (an operator identity that the
 * gateway never hands out, e.g. the seeding staff user), through the same event shape API
 * Gateway sends.
 * @throws like {@link callApi}.
 */
export async function invokeRouteAs<T>(
  name: RouteName,
  input: Input,
  claims: Record<string, string | string[]>,
): Promise<T> {
  const route = routeOf(name);
  const isGet = route.method === 'GET';
  const query = Object.fromEntries(
    Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const now = Date.now();
  const event = {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: route.path,
    rawQueryString: isGet ? new URLSearchParams(query).toString() : '',
    headers: { 'content-type': 'application/json', host: 'localhost' },
    ...(isGet ? { queryStringParameters: query } : { body: JSON.stringify(input) }),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: route.path,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'local-seed',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      authorizer: { jwt: { claims, scopes: [] } },
    },
  } as unknown as APIGatewayProxyEventV2;
  const handler = await loadHandler(route.handler);
  const result = (await handler(
    event,
    lambdaContext(route.name),
  )) as APIGatewayProxyStructuredResultV2;
  return unwrap<T>(name, result.statusCode ?? 200, result.body ?? '');
}
