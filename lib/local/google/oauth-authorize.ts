import { randomBytes } from 'node:crypto';
import { type GoogleCtx, normaliseScopes } from './context';
import { LOCAL_OAUTH_CLIENT, userByEmail } from './directory';
import { type PendingConsent, pruneState, secret, sha256 } from './store';

/** How long a consent page and an authorization code stay usable, in seconds (as Google). */
export const CONSENT_TTL_S = 600;
export const CODE_TTL_S = 600;

/** What the authorize endpoint answers: the consent page, or Google's error page. */
export type AuthorizeOutcome =
  | { kind: 'consent'; consentId: string; consent: PendingConsent }
  | { kind: 'error'; status: number; error: string; description: string };

const fail = (status: number, error: string, description: string): AuthorizeOutcome => ({
  kind: 'error',
  status,
  error,
  description,
});

/**
 * GET /o/oauth2/v2/auth: checks the request as Google does before showing its consent screen.
 * A bad client or redirect_uri, a bad scope or a request without PKCE S256 gets an error page
 * (never a redirect: the redirect_uri is not trusted yet). Stricter than Google on one point:
 * PKCE S256 is required, because the product always sends it.
 */
export function authorize(query: URLSearchParams, ctx: GoogleCtx): AuthorizeOutcome {
  const clientId = query.get('client_id') ?? '';
  if (!clientId) return fail(400, 'invalid_request', 'Missing required parameter: client_id');
  if (clientId !== LOCAL_OAUTH_CLIENT.clientId)
    return fail(401, 'invalid_client', 'The OAuth client was not found.');
  const redirectUri = query.get('redirect_uri') ?? '';
  if (!redirectUri) return fail(400, 'invalid_request', 'Missing required parameter: redirect_uri');
  if (!ctx.redirectUris.has(redirectUri))
    return fail(
      400,
      'redirect_uri_mismatch',
      `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. redirect_uri=${redirectUri} is not registered for this client.`,
    );
  const responseType = query.get('response_type') ?? '';
  if (responseType !== 'code')
    return fail(400, 'unsupported_response_type', `Invalid response_type: ${responseType}`);
  const scope = query.get('scope') ?? '';
  if (!scope.trim()) return fail(400, 'invalid_request', 'Missing required parameter: scope');
  const { scopes, invalid } = normaliseScopes(scope);
  if (invalid.length > 0)
    return fail(400, 'invalid_scope', `Some requested scopes were invalid. {invalid=[${invalid}]}`);
  const challenge = query.get('code_challenge') ?? '';
  const method = query.get('code_challenge_method') ?? '';
  if (!challenge) return fail(400, 'invalid_request', 'Missing required parameter: code_challenge');
  if (method !== 'S256')
    return fail(400, 'invalid_request', `Invalid code_challenge_method: ${method || '(none)'}`);
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return fail(400, 'invalid_request', 'Invalid code_challenge: expected a base64url SHA-256.');
  const accessType = query.get('access_type') ?? 'online';
  if (accessType !== 'online' && accessType !== 'offline')
    return fail(400, 'invalid_request', `Invalid access_type: ${accessType}`);

  const now = ctx.now();
  pruneState(ctx.state, now);
  const consentId = randomBytes(24).toString('base64url');
  const consent: PendingConsent = {
    clientId,
    redirectUri,
    scopes,
    state: query.get('state'),
    codeChallenge: challenge,
    offline: accessType === 'offline',
    nonce: query.get('nonce'),
    loginHint: query.get('login_hint'),
    expiresAt: now + CONSENT_TTL_S,
  };
  ctx.state.consents[consentId] = consent;
  ctx.save();
  return { kind: 'consent', consentId, consent };
}

/** What the consent form's answer leads to. */
export type DecisionOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'error'; status: number; error: string; description: string };

/**
 * POST /o/oauth2/v2/auth/consent (the consent page's form): `consent` (the pending request),
 * `user` (a fake user's e-mail) and `decision` (allow | cancel). Allow redirects to the app's
 * redirect_uri with a single-use `code` (10 minutes) and `state`; Cancel with
 * `error=access_denied`. The pending request is used once either way.
 */
export function decide(fields: Record<string, unknown>, ctx: GoogleCtx): DecisionOutcome {
  const consentId = String(fields.consent ?? '');
  const consent = ctx.state.consents[consentId];
  if (!consent || consent.expiresAt <= ctx.now())
    return {
      kind: 'error',
      status: 400,
      error: 'invalid_request',
      description: 'This sign-in page has expired. Go back to the app and start again.',
    };
  const target = new URL(consent.redirectUri);
  const finish = (params: Record<string, string>) => {
    delete ctx.state.consents[consentId];
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    if (consent.state !== null) target.searchParams.set('state', consent.state);
    ctx.save();
    return { kind: 'redirect' as const, location: target.toString() };
  };
  if (fields.decision !== 'allow') return finish({ error: 'access_denied' });
  const user = userByEmail(String(fields.user ?? ''));
  if (!user)
    return {
      kind: 'error',
      status: 400,
      error: 'invalid_request',
      description: 'Choose one of the accounts listed.',
    };
  const code = secret('4/0A');
  ctx.state.codes[sha256(code)] = {
    email: user.email,
    clientId: consent.clientId,
    redirectUri: consent.redirectUri,
    scopes: consent.scopes,
    codeChallenge: consent.codeChallenge,
    offline: consent.offline,
    nonce: consent.nonce,
    expiresAt: ctx.now() + CODE_TTL_S,
  };
  return finish({
    code,
    scope: consent.scopes.join(' '),
    authuser: '0',
    prompt: 'consent',
  });
}
