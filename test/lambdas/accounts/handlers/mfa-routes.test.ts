import { describe, expect, test } from 'vitest';
import type { LoginResult } from '#shared/contracts/account-results.schema';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import * as mfaChallenge from '../../../../lambdas/accounts/handlers/mfa-challenge.handler';
import * as mfaSetup from '../../../../lambdas/accounts/handlers/mfa-setup.handler';
import { makeWorld, registrationBody, tokensFor } from '../fakes';
import { totpCode, withMfa } from '../mfa-fakes';
import { call, routes } from './route-calls';

const EMAIL = 'ada@example.com';
const PASSWORD = 'ab12!cdef';

/** A verified agent, through the routes. */
async function agent() {
  const w = withMfa(makeWorld());
  const r = {
    ...routes(w),
    setup: mfaSetup.makeHandler(() => w.runtime),
    challenge: mfaChallenge.makeHandler(() => w.runtime),
  };
  await call(r.register, registrationBody());
  await call(r.verify, { email: EMAIL, code: w.mailer.codeFor(EMAIL) });
  w.authenticator.groups.set('sub-1', ['agent']);
  const code = () => totpCode(w.authenticator.secrets.get('sub-1')?.secret ?? '', w.deps.now());
  return { w, r, code };
}

/** The MFA session of a rest_login answer. */
const sessionOf = (res: { result?: unknown }) => (res.result as LoginResult).mfa?.session ?? '';
const tokenOf = (res: { result?: unknown }) => (res.result as LoginResult).token;

describe('mfa_setup and mfa_challenge routes', () => {
  test('rest_login -> mfa_setup -> rest_login -> mfa_challenge: tokens only after each code', async () => {
    const { r, code } = await agent();

    const first = await call(r.login, { email_address: EMAIL, password: PASSWORD });
    const setup = await call(r.setup, { session: sessionOf(first), code: code() });
    const second = await call(r.login, { email_address: EMAIL, password: PASSWORD });
    const challenge = await call(r.challenge, {
      session: sessionOf(second),
      code: code(),
    });

    expect(first).toMatchObject({ status: 200, result: { mfa: { step: 'setup' } } });
    expect(tokenOf(first)).toBeUndefined();
    const { refresh_token: _revoked, ...setupTokens } = tokensFor('sub-1');
    expect(setup).toMatchObject({ status: 200, result: { token: setupTokens } });
    expect(tokenOf(setup)?.refresh_token).toBeUndefined();
    expect(second).toMatchObject({ status: 200, result: { mfa: { step: 'challenge' } } });
    expect(tokenOf(second)).toBeUndefined();
    expect(challenge).toMatchObject({ status: 200, result: { token: tokensFor('sub-1') } });
  });

  test('a code that is not 6 digits answers 400 on `code`; a wrong one 401 with the message', async () => {
    const { r, code } = await agent();
    const first = await call(r.login, { email_address: EMAIL, password: PASSWORD });
    const wrong = String((Number(code()) + 500_000) % 1_000_000).padStart(6, '0');

    const malformed = await call(r.setup, { session: sessionOf(first), code: '12ab56' });
    const refused = await call(r.setup, { session: sessionOf(first), code: wrong });

    expect(malformed).toMatchObject({ status: 400, error: { field: 'code' } });
    expect(refused).toMatchObject({
      status: 401,
      error: { code: 'mfa_code_wrong', field: 'code', message: MFA_MESSAGES.wrongCode },
    });
  });

  test('a made-up session answers 401 mfa_session_expired', async () => {
    const { r } = await agent();

    const res = await call(r.challenge, { session: 'x'.repeat(43), code: '123456' });

    expect(res).toMatchObject({ status: 401, error: { code: 'mfa_session_expired' } });
  });
});
