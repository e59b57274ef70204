import type { Envelope } from '#shared/http/envelope';
import { ROUTES, type RouteName } from '#shared/routes';

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
