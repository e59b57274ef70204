import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request body read whole: JSON objects and form posts both become a string-keyed record. */
export interface Body {
  raw: string;
  /** Parsed fields (form values are strings; JSON keeps its types). */
  fields: Record<string, unknown>;
  /** True for an HTML form post (the index page's triggers answer those with a redirect). */
  form: boolean;
  /** False when the body was not valid JSON / form data. */
  ok: boolean;
}

/** Largest body the stand-in reads (a runReport body is a few KB). */
const MAX_BODY = 1 << 20;

/** Reads and parses the body (application/json or application/x-www-form-urlencoded). */
export async function readBody(req: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return { raw: '', fields: {}, form: false, ok: false };
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return { raw, fields: Object.fromEntries(new URLSearchParams(raw)), form: true, ok: true };
  }
  if (raw.trim() === '') return { raw, fields: {}, form: false, ok: true };
  try {
    const parsed = JSON.parse(raw) as unknown;
    const ok = !!parsed && typeof parsed === 'object' && !Array.isArray(parsed);
    return { raw, fields: ok ? (parsed as Record<string, unknown>) : {}, form: false, ok };
  } catch {
    return { raw, fields: {}, form: false, ok: false };
  }
}

/** Sends a JSON body with `status` (no caching: tokens pass through here). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** Sends an HTML page. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  });
  res.end(html);
}

/** 302 to `location` (what Google does at the end of consent). */
export function redirect(res: ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location, 'cache-control': 'no-store' });
  res.end();
}

/** Google APIs' error statuses (google.rpc.Code names) by HTTP status. */
const RPC_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
};

/** A Google API error, sent as `{error: {code, message, status}}` like every Google API. */
export class GoogleApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = RPC_STATUS[code] ?? 'UNKNOWN',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Sends a {@link GoogleApiError} in Google's JSON shape. */
export function sendApiError(res: ServerResponse, error: GoogleApiError): void {
  sendJson(
    res,
    error.code,
    { error: { code: error.code, message: error.message, status: error.status } },
    error.headers,
  );
}

/** Escapes text for HTML element content and attribute values. */
export function esc(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
