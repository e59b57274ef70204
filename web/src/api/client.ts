import { GENERIC_ERROR_MESSAGE } from '#shared/errors';

/**
 * The browser's API client. Route paths are never hard-coded: the app fetches the route table
 * from GET /ss_rest/routes once and calls routes by name (spec §7 "Route names are resolved from
 * a server-provided table"). GET sends the input as a query string, POST/PUT/DELETE as a JSON
 * body. Every response is the envelope `{ success, message, result?, error? }`.
 */

/** The route table path: the only path the client knows. */
export const ROUTES_PATH = '/ss_rest/routes';

/** name -> { method, path }, as GET /ss_rest/routes returns it. */
export type RouteTable = Record<string, { method: string; path: string }>;

/** A failed call: the server's error code and message (or `internal` with the generic text). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly field?: string,
    /** A failed call's envelope `result`, when it has one (e.g. `card_result`, spec §7). */
    readonly result?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface Envelope<T> {
  success?: boolean;
  message?: string;
  result?: T;
  error?: { code?: string; message?: string; field?: string };
}

/**
 * Supplies the bearer token for a call: the route name (or `routes` for the table) -> the Cognito
 * ID token (a JWT) or null when signed out. Set once at start-up (web/src/auth/session.ts).
 */
export type TokenSource = (routeName: string) => Promise<string | null>;

let tokenSource: TokenSource | null = null;
let onUnauthorized: ((error: ApiError, routeName: string) => void) | null = null;

/**
 * Wires authentication into every call: `source` gives the ID token sent as
 * `Authorization: Bearer <token>` (no cookies carry auth, so a cross-site request cannot ride
 * on a session); `unauthorized(error, routeName)` runs when a call answers HTTP 401. Pass nulls
 * to unset (tests).
 */
export function setAuth(
  source: TokenSource | null,
  unauthorized: ((error: ApiError, routeName: string) => void) | null = null,
): void {
  tokenSource = source;
  onUnauthorized = unauthorized;
}

/** The bearer token for a call; a failing source counts as signed out. */
async function bearer(routeName: string): Promise<string | null> {
  if (!tokenSource) return null;
  try {
    return await tokenSource(routeName);
  } catch {
    return null;
  }
}

/** Sends one request and unwraps the envelope. Throws ApiError on any failure. */
async function request<T>(
  method: string,
  url: string,
  body?: unknown,
  routeName = 'routes',
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = await bearer(routeName);
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(GENERIC_ERROR_MESSAGE, 'network', 0);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = response.status === 401 ? { error: { code: 'unauthenticated' } } : {};
  }
  if (!response.ok || envelope.success !== true) {
    const code = envelope.error?.code ?? 'internal';
    const message =
      code === 'internal' ? GENERIC_ERROR_MESSAGE : (envelope.error?.message ?? envelope.message);
    const error = new ApiError(
      message ?? GENERIC_ERROR_MESSAGE,
      code,
      response.status,
      envelope.error?.field,
      envelope.result,
    );
    if (response.status === 401) onUnauthorized?.(error, routeName);
    throw error;
  }
  return envelope.result as T;
}

let routeTable: Promise<RouteTable> | null = null;

/** The route table, fetched once per page load (a failed fetch is retried on the next call). */
export function loadRoutes(): Promise<RouteTable> {
  if (!routeTable) {
    routeTable = request<RouteTable>('GET', ROUTES_PATH).catch((error: unknown) => {
      routeTable = null;
      throw error;
    });
  }
  return routeTable;
}

/** Forgets the cached route table (tests). */
export function resetRoutes(): void {
  routeTable = null;
}

/** Builds a query string from an input object, skipping undefined and null values. */
export function toQuery(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls a route by name with its input.
 * @returns the envelope's `result`.
 * @throws ApiError: `unknown_route` when the table lacks the name; the server's code otherwise.
 */
export async function callRoute<T>(name: string, input: Record<string, unknown> = {}): Promise<T> {
  const routes = await loadRoutes();
  const route = routes[name];
  if (!route) throw new ApiError(GENERIC_ERROR_MESSAGE, 'unknown_route', 0);
  if (route.method === 'GET')
    return request<T>('GET', `${route.path}${toQuery(input)}`, undefined, name);
  return request<T>(route.method, route.path, input, name);
}

/** The text to show for a failure: the server's message for known errors, else the generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
