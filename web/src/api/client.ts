import { GENERIC_ERROR_MESSAGE } from '../../../layers/shared/errors';

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

/** Sends one request and unwraps the envelope. Throws ApiError on any failure. */
async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(GENERIC_ERROR_MESSAGE, 'network', 0);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(GENERIC_ERROR_MESSAGE, 'internal', response.status);
  }
  if (!response.ok || envelope.success !== true) {
    const code = envelope.error?.code ?? 'internal';
    const message =
      code === 'internal' ? GENERIC_ERROR_MESSAGE : (envelope.error?.message ?? envelope.message);
    throw new ApiError(
      message ?? GENERIC_ERROR_MESSAGE,
      code,
      response.status,
      envelope.error?.field,
    );
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
  if (route.method === 'GET') return request<T>('GET', `${route.path}${toQuery(input)}`);
  return request<T>(route.method, route.path, input);
}

/** The text to show for a failure: the server's message for known errors, else the generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
