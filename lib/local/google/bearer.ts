import { type GoogleCtx, readsAnalytics } from './context';
import { SERVICE_ACCOUNT, userByEmail, VIEWER_SHARES } from './directory';
import { GoogleApiError } from './http';
import { jwtHeader, verifyJwt } from './jwt';
import { accessTokenRecord } from './oauth-token';

/** Who called a Google API: a fake user (through an OAuth access token) or the service account. */
export interface Principal {
  kind: 'user' | 'service_account';
  email: string;
  /** Ids of the GA4 properties this principal may read. */
  properties: string[];
}

/** Longest lifetime Google accepts for a self-signed JWT, in seconds. */
const MAX_JWT_LIFETIME_S = 3600;
/** Clock skew tolerated on a self-signed JWT's iat, in seconds. */
const SKEW_S = 300;

const unauthenticated = () =>
  new GoogleApiError(
    401,
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    'UNAUTHENTICATED',
    { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  );

const insufficientScope = () =>
  new GoogleApiError(403, 'Request had insufficient authentication scopes.', 'PERMISSION_DENIED');

/**
 * Checks the `Authorization: Bearer` of a GA4 API call, as Google does: an access token this
 * stand-in issued (live, not revoked, with an Analytics scope), or a self-signed JWT of the
 * seeded service account (RS256 with its key, `iss` = `sub` = its e-mail, an Analytics `scope`,
 * `iat` not in the future (5 min skew), `exp` in the future and at most 1 h after `iat`).
 * @throws GoogleApiError 401 UNAUTHENTICATED, or 403 PERMISSION_DENIED for a missing scope.
 */
export function authenticate(authorization: string | undefined, ctx: GoogleCtx): Principal {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) throw unauthenticated();
  const value = match[1] as string;
  if (jwtHeader(value)) return serviceAccount(value, ctx);
  const record = accessTokenRecord(value, ctx);
  if (!record) throw unauthenticated();
  if (!readsAnalytics(record.scopes)) throw insufficientScope();
  return {
    kind: 'user',
    email: record.email,
    properties: [...(userByEmail(record.email)?.properties ?? [])],
  };
}

function serviceAccount(jwt: string, ctx: GoogleCtx): Principal {
  const key = ctx.state.serviceAccountKey;
  const verified = verifyJwt(jwt, key.publicPem);
  if (!verified) throw unauthenticated();
  const { header, payload } = verified;
  if (header.kid !== undefined && header.kid !== key.kid) throw unauthenticated();
  if (payload.iss !== SERVICE_ACCOUNT.email || payload.sub !== SERVICE_ACCOUNT.email)
    throw unauthenticated();
  const now = ctx.now();
  const iat = Number(payload.iat);
  const exp = Number(payload.exp);
  if (!Number.isFinite(iat) || !Number.isFinite(exp)) throw unauthenticated();
  if (iat > now + SKEW_S || exp <= now || exp - iat > MAX_JWT_LIFETIME_S) throw unauthenticated();
  const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
  if (!readsAnalytics(scopes)) throw insufficientScope();
  return {
    kind: 'service_account',
    email: SERVICE_ACCOUNT.email,
    properties: VIEWER_SHARES.filter((id) => !ctx.state.unshared.includes(id)),
  };
}

/**
 * The property a principal asked for, when it may read it. Google answers 403 alike for a
 * property that does not exist and one the caller cannot see.
 * @throws GoogleApiError 403 PERMISSION_DENIED.
 */
export function requireProperty(principal: Principal, propertyId: string): void {
  if (!principal.properties.includes(propertyId))
    throw new GoogleApiError(
      403,
      'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.',
      'PERMISSION_DENIED',
    );
}
