import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { accountSummaries, getProperty, listDataStreams } from './admin-api';
import { authenticate } from './bearer';
import type { GoogleCtx } from './context';
import { runReport } from './data-api';
import { propertyById, SERVICE_ACCOUNT, userByEmail, VIEWER_SHARES } from './directory';
import { type Body, GoogleApiError, redirect, sendApiError, sendJson } from './http';
import type { QuotaBook } from './quota';
import { revokeGrant } from './store';
import type { TrafficBook } from './traffic-book';

const PROPERTY = /^\/v1beta\/properties\/(\d{1,20})(\/dataStreams|:runReport)?$/;

/**
 * The GA4 Admin API (v1beta accountSummaries, properties.get, properties.dataStreams.list) and
 * Data API (v1beta properties.runReport) on the stand-in, behind the bearer check. Errors go out
 * in Google's `{error: {code, message, status}}` shape.
 */
export async function handleApi(
  method: string,
  url: URL,
  body: Body | null,
  authorization: string | undefined,
  res: ServerResponse,
  ctx: GoogleCtx,
  quota: QuotaBook,
  traffic: TrafficBook,
): Promise<void> {
  try {
    const principal = authenticate(authorization, ctx);
    const first = ctx.state.demoFirstDay;
    if (method === 'GET' && url.pathname === '/v1beta/accountSummaries') {
      sendJson(res, 200, accountSummaries(principal, url.searchParams));
      return;
    }
    const match = PROPERTY.exec(url.pathname);
    const id = match?.[1] ?? '';
    if (match && method === 'GET' && match[2] === undefined) {
      sendJson(res, 200, getProperty(principal, id, first));
      return;
    }
    if (match && method === 'GET' && match[2] === '/dataStreams') {
      sendJson(res, 200, listDataStreams(principal, id, url.searchParams, first));
      return;
    }
    if (match && method === 'POST' && match[2] === ':runReport') {
      if (!body?.ok) throw new GoogleApiError(400, 'Invalid JSON payload received.');
      const deps = { quota, nowS: ctx.now(), traffic: (p: never) => traffic.traffic(p) };
      sendJson(res, 200, await runReport(principal, id, body.fields, deps));
      return;
    }
    throw new GoogleApiError(404, `Method not found: ${method} ${url.pathname}`);
  } catch (error) {
    if (error instanceof GoogleApiError) sendApiError(res, error);
    else throw error;
  }
}

const quotaInput = z.object({
  property_id: z.string().regex(/^\d{1,20}$/, 'property_id: digits, e.g. 412000001'),
  count: z.coerce.number().int().min(1).max(10_000),
});
const revokeInput = z.object({ email: z.string().trim().toLowerCase().min(3).max(254) });

/**
 * The stand-in's own endpoints: GET /__local/health; POST /__local/quota {property_id, count}
 * (the next `count` Data API calls for that property answer 429 RESOURCE_EXHAUSTED);
 * POST /__local/revoke {email} (a user's refresh tokens then answer invalid_grant and access
 * tokens 401; for the service account, its Viewer shares are withdrawn: 403). JSON or an HTML
 * form (answered with a redirect back to the index page).
 */
export function handleAdmin(
  method: string,
  url: URL,
  body: Body | null,
  res: ServerResponse,
  ctx: GoogleCtx,
  quota: QuotaBook,
): void {
  const reply = adminReply(method, url.pathname, body?.fields ?? {}, ctx, quota);
  if (reply.status === 200 && body?.form) redirect(res, '/', 303);
  else sendJson(res, reply.status, reply.body);
}

function adminReply(
  method: string,
  path: string,
  fields: Record<string, unknown>,
  ctx: GoogleCtx,
  quota: QuotaBook,
): { status: number; body: Record<string, unknown> } {
  const ok = (body: Record<string, unknown>) => ({ status: 200, body });
  const bad = (message: string, status = 400) => ({ status, body: { error: message } });
  if (method === 'GET' && path === '/__local/health') return ok({ ok: true });
  if (method === 'POST' && path === '/__local/quota') {
    const input = quotaInput.safeParse(fields);
    if (!input.success)
      return bad(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    if (!propertyById(input.data.property_id))
      return bad(`property_id: no property ${input.data.property_id}`, 404);
    const pending = quota.trigger(input.data.property_id, input.data.count);
    return ok({ property_id: input.data.property_id, pending });
  }
  if (method === 'POST' && path === '/__local/revoke') {
    const input = revokeInput.safeParse(fields);
    if (!input.success) return bad('email: required');
    const { email } = input.data;
    if (email === SERVICE_ACCOUNT.email) {
      ctx.state.unshared = [...VIEWER_SHARES];
      ctx.save();
      return ok({ email, unshared: ctx.state.unshared });
    }
    if (!userByEmail(email)) return bad(`email: no fake user ${email}`, 404);
    const grants = new Set(
      [...Object.values(ctx.state.refreshTokens), ...Object.values(ctx.state.accessTokens)]
        .filter((t) => t.email === email)
        .map((t) => t.grantId),
    );
    let tokens = 0;
    for (const grant of grants) tokens += revokeGrant(ctx.state, grant);
    ctx.save();
    return ok({ email, revoked_grants: grants.size, revoked_tokens: tokens });
  }
  return bad('Not Found', 404);
}
