import { describe, expect, test } from 'vitest';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { newProfile } from '../../../../lambdas/accounts/core/profile';
import { mailAccessLost } from '../../../../lambdas/connections/core/access-lost-mail';
import { connectionsWorld } from '../connection-fakes';

describe('mailAccessLost', () => {
  test('tells the organisation’s owner, with the reconnect link and no token', async () => {
    const w = await connectionsWorld();
    await w.accounts.createProfile(
      newProfile(
        { user_id: 'alice', primary_email: 'alice@acme.com', email_verified: true },
        new Date(),
      ),
    );
    const deps = { ...w.deps, accounts: w.accounts };

    const to = await mailAccessLost(deps, {
      client_uid: 'client-a',
      property_ids: ['1001'],
      ga_email: 'ann@acme.com',
      source: 'oauth',
    });

    expect(to).toEqual(['alice@acme.com']);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]?.text).toContain(CONNECTION_MESSAGES.accessLost);
    expect(w.sent[0]?.text).toContain('https://app.example.com/ss?client=client-a');
    expect(w.sent[0]?.subject).toBe('Google Analytics access lost for Acme Mattress');
  });

  test('falls back to the organisation’s contact address when no owner has a profile', async () => {
    const w = await connectionsWorld();

    const to = await mailAccessLost(
      { ...w.deps, accounts: w.accounts },
      {
        client_uid: 'client-b',
        property_ids: ['2001'],
        ga_email: '',
        source: 'viewer',
      },
    );

    expect(to).toEqual(['org-b@example.com']);
  });
});
