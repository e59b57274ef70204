import type { ServerResponse } from 'node:http';
import type { GoogleCtx } from './context';
import { type Body, redirect, sendHtml, sendJson } from './http';
import { publicJwk } from './jwt';
import { authorize, decide } from './oauth-authorize';
import { revoke, token, tokenInfo, userInfo } from './oauth-token';
import { consentPage, errorPage } from './pages';

const bearer = (authorization: string | undefined) =>
  /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';

/**
 * Google's sign-in endpoints on the stand-in (paths as on accounts.google.com,
 * oauth2.googleapis.com and www.googleapis.com): the authorize/consent pages, /token, /revoke,
 * /tokeninfo, /oauth2/v3/userinfo and the id_token signing keys (/oauth2/v1/certs PEM,
 * /oauth2/v3/certs JWK). @returns false when the path is none of them.
 */
export function handleOAuth(
  method: string,
  url: URL,
  body: Body | null,
  authorization: string | undefined,
  res: ServerResponse,
  ctx: GoogleCtx,
): boolean {
  const path = url.pathname;
  const fields = body?.fields ?? {};
  if (method === 'GET' && (path === '/o/oauth2/v2/auth' || path === '/o/oauth2/auth')) {
    const outcome = authorize(url.searchParams, ctx);
    if (outcome.kind === 'error')
      sendHtml(res, outcome.status, errorPage(outcome.status, outcome.error, outcome.description));
    else sendHtml(res, 200, consentPage(outcome.consentId, outcome.consent));
    return true;
  }
  if (method === 'POST' && path === '/o/oauth2/v2/auth/consent') {
    const outcome = decide(fields, ctx);
    if (outcome.kind === 'redirect') redirect(res, outcome.location);
    else
      sendHtml(res, outcome.status, errorPage(outcome.status, outcome.error, outcome.description));
    return true;
  }
  if (method === 'POST' && path === '/token') {
    const reply = body?.ok
      ? token(fields, authorization, ctx)
      : { status: 400, body: { error: 'invalid_request', error_description: 'Bad Request' } };
    sendJson(res, reply.status, reply.body);
    return true;
  }
  if (method === 'POST' && (path === '/revoke' || path === '/o/oauth2/revoke')) {
    const value = url.searchParams.get('token') ?? String(fields.token ?? '');
    const reply = revoke(value, ctx);
    sendJson(res, reply.status, reply.body);
    return true;
  }
  if (path === '/tokeninfo' || path === '/oauth2/v3/tokeninfo') {
    const value =
      url.searchParams.get('access_token') ??
      (fields.access_token === undefined ? bearer(authorization) : String(fields.access_token));
    const reply = tokenInfo(value, ctx);
    sendJson(res, reply.status, reply.body);
    return true;
  }
  if (method === 'GET' && (path === '/oauth2/v3/userinfo' || path === '/v1/userinfo')) {
    const reply = userInfo(bearer(authorization), ctx);
    sendJson(res, reply.status, reply.body);
    return true;
  }
  const key = ctx.state.signingKey;
  const certCache = { 'cache-control': 'public, max-age=3600' };
  if (method === 'GET' && path === '/oauth2/v1/certs') {
    sendJson(res, 200, { [key.kid]: key.publicPem }, certCache);
    return true;
  }
  if (method === 'GET' && path === '/oauth2/v3/certs') {
    sendJson(res, 200, { keys: [publicJwk(key.publicPem, key.kid)] }, certCache);
    return true;
  }
  return false;
}
