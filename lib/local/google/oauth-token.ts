import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { GoogleCtx } from './context';
import { LOCAL_OAUTH_CLIENT, userByEmail } from './directory';
import { signJwt } from './jwt';
import { pruneState, revokeGrant, secret, sha256, type TokenRecord } from './store';

/** Lifetime of an access token and an id_token, in seconds (Google's 3599). */
export const ACCESS_TOKEN_TTL_S = 3599;

/** An OAuth endpoint's answer: HTTP status and JSON body (errors as `{error, error_description}`). */
export interface OAuthReply {
  status: number;
  body: Record<string, unknown>;
}

const oauthError = (status: number, error: string, description: string): OAuthReply => ({
  status,
  body: { error, error_description: description },
});

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The client of a token request: HTTP Basic or client_id/client_secret in the form. */
function clientOf(fields: Record<string, unknown>, authorization: string | undefined) {
  let id = String(fields.client_id ?? '');
  let password = fields.client_secret === undefined ? null : String(fields.client_secret);
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    id = decodeURIComponent(decoded.slice(0, colon));
    password = decodeURIComponent(decoded.slice(colon + 1));
  }
  if (!id) return oauthError(400, 'invalid_request', 'Missing required parameter: client_id');
  if (id !== LOCAL_OAUTH_CLIENT.clientId)
    return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
  if (password === null || !same(password, LOCAL_OAUTH_CLIENT.clientSecret))
    return oauthError(401, 'invalid_client', 'Unauthorized');
  return null;
}

/**
 * POST /token, Google's token endpoint: `authorization_code` (the code is single-use and spent
 * by the first attempt; redirect_uri must equal the authorize one; the PKCE verifier must hash
 * to the S256 challenge) and `refresh_token`. Answers access_token (3599 s), refresh_token
 * (offline access only, on the code exchange), id_token (RS256, when `openid` was granted),
 * scope, token_type; errors as Google's `{error, error_description}` (`invalid_grant`, ...).
 */
export function token(
  fields: Record<string, unknown>,
  authorization: string | undefined,
  ctx: GoogleCtx,
): OAuthReply {
  const clientError = clientOf(fields, authorization);
  if (clientError) return clientError;
  const now = ctx.now();
  pruneState(ctx.state, now);
  const grantType = String(fields.grant_type ?? '');
  if (grantType === 'authorization_code') {
    const code = String(fields.code ?? '');
    if (!code) return oauthError(400, 'invalid_request', 'Missing required parameter: code');
    const key = sha256(code);
    const grant = ctx.state.codes[key];
    if (!grant) return oauthError(400, 'invalid_grant', 'Bad Request');
    delete ctx.state.codes[key];
    ctx.save();
    if (String(fields.redirect_uri ?? '') !== grant.redirectUri)
      return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
    const verifier = String(fields.code_verifier ?? '');
    if (!verifier) return oauthError(400, 'invalid_grant', 'Missing code verifier.');
    const hashed = createHash('sha256').update(verifier).digest('base64url');
    if (!same(hashed, grant.codeChallenge))
      return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
    const grantId = randomUUID();
    const record = { grantId, email: grant.email, clientId: grant.clientId, scopes: grant.scopes };
    const body = issue(ctx, record, grant.nonce);
    if (grant.offline) {
      const refresh = secret('1//0');
      ctx.state.refreshTokens[sha256(refresh)] = { ...record, expiresAt: null };
      body.refresh_token = refresh;
    }
    ctx.save();
    return { status: 200, body };
  }
  if (grantType === 'refresh_token') {
    const refresh = String(fields.refresh_token ?? '');
    if (!refresh)
      return oauthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
    const record = ctx.state.refreshTokens[sha256(refresh)];
    if (!record) return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    const body = issue(ctx, record, null);
    ctx.save();
    return { status: 200, body };
  }
  return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
}

/** A new access token (and id_token when `openid` was granted) for a grant. */
function issue(
  ctx: GoogleCtx,
  record: Omit<TokenRecord, 'expiresAt'>,
  nonce: string | null,
): Record<string, unknown> {
  const now = ctx.now();
  const access = secret('ya29.');
  ctx.state.accessTokens[sha256(access)] = { ...record, expiresAt: now + ACCESS_TOKEN_TTL_S };
  const body: Record<string, unknown> = {
    access_token: access,
    expires_in: ACCESS_TOKEN_TTL_S,
    scope: record.scopes.join(' '),
    token_type: 'Bearer',
  };
  if (record.scopes.includes('openid')) {
    const user = userByEmail(record.email);
    const key = ctx.state.signingKey;
    body.id_token = signJwt(
      {
        iss: 'https://accounts.google.com',
        azp: record.clientId,
        aud: record.clientId,
        sub: user?.sub ?? record.email,
        email: record.email,
        email_verified: true,
        at_hash: createHash('sha256').update(access).digest().subarray(0, 16).toString('base64url'),
        ...(record.scopes.some((s) => s.endsWith('userinfo.profile')) && user
          ? { name: user.name }
          : {}),
        ...(nonce ? { nonce } : {}),
        iat: now,
        exp: now + ACCESS_TOKEN_TTL_S + 1,
      },
      key.privatePem,
      key.kid,
    );
  }
  return body;
}

/**
 * POST /revoke?token=... (or `token` in the form): revokes the whole grant of that access or
 * refresh token, as Google does. Unknown token: 400 `invalid_token`.
 */
export function revoke(tokenValue: string, ctx: GoogleCtx): OAuthReply {
  const key = sha256(tokenValue);
  const record = ctx.state.refreshTokens[key] ?? ctx.state.accessTokens[key];
  if (!tokenValue || !record) return oauthError(400, 'invalid_token', 'Token expired or revoked');
  revokeGrant(ctx.state, record.grantId);
  ctx.save();
  return { status: 200, body: {} };
}

/** The live access token record for `value`, or null (unknown, revoked or expired). */
export function accessTokenRecord(value: string, ctx: GoogleCtx): TokenRecord | null {
  const record = ctx.state.accessTokens[sha256(value)];
  if (!record || record.expiresAt === null || record.expiresAt <= ctx.now()) return null;
  return record;
}

/** GET|POST /tokeninfo (google-auth-library's getTokenInfo): what an access token grants. */
export function tokenInfo(value: string, ctx: GoogleCtx): OAuthReply {
  const record = accessTokenRecord(value, ctx);
  if (!record) return oauthError(400, 'invalid_token', 'Invalid Value');
  const user = userByEmail(record.email);
  const expiresIn = (record.expiresAt ?? 0) - ctx.now();
  return {
    status: 200,
    body: {
      azp: record.clientId,
      aud: record.clientId,
      sub: user?.sub ?? '',
      scope: record.scopes.join(' '),
      exp: String(record.expiresAt),
      expires_in: String(expiresIn),
      email: record.email,
      email_verified: 'true',
    },
  };
}

/** GET /oauth2/v3/userinfo (OpenID userinfo): the signed-in user's e-mail and name. */
export function userInfo(value: string, ctx: GoogleCtx): OAuthReply {
  const record = accessTokenRecord(value, ctx);
  if (!record) return oauthError(401, 'invalid_request', 'Invalid Credentials');
  const user = userByEmail(record.email);
  const [given, ...family] = (user?.name ?? '').split(' ');
  return {
    status: 200,
    body: {
      sub: user?.sub ?? '',
      name: user?.name ?? '',
      given_name: given ?? '',
      family_name: family.join(' '),
      email: record.email,
      email_verified: true,
    },
  };
}
