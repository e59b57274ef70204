import { describe, expect, test } from 'vitest';
import { companySave } from '../../../../lambdas/companies/core/company-save';
import {
  HELP_RATE_LIMITED,
  HELP_REQUESTS_PER_WINDOW,
  requestHelp,
} from '../../../../lambdas/companies/core/request-help';
import { callerOf, clientWorld, memoryMailer } from '../client-fakes';

async function setup() {
  const world = await clientWorld();
  const { client_info } = await companySave(world.deps, callerOf('alice'), { name: 'Acme Tires' });
  const mailer = memoryMailer();
  const counts = new Map<string, number>();
  const deps = {
    companies: world.companies,
    mailer,
    limiter: {
      hit: async (key: string) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return counts.get(key)!;
      },
    },
    teamAddress: 'team@analyticowl.test',
    now: () => new Date('2026-03-01T12:00:00Z'),
  };
  return { deps, mailer, clientUid: client_info.client_uid };
}

describe('request_help', () => {
  test("mails the team inbox with the client's name and uid, answerable to the caller", async () => {
    const { deps, mailer, clientUid } = await setup();

    const out = await requestHelp(deps, callerOf('alice'), {
      client_uid: clientUid,
      topic: 'postlog',
      message: 'My post-log\nwill not import.',
    });

    expect(out).toEqual({ sent: true });
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0]!;
    expect(mail).toMatchObject({
      to: 'team@analyticowl.test',
      replyTo: 'alice@example.com',
      subject: 'Help request (Post-log): Acme Tires',
    });
    expect(mail.text).toContain(`Client uid: ${clientUid}`);
    expect(mail.text).toContain('Client: Acme Tires');
    expect(mail.text).toContain('My post-log\n  will not import.');
  });

  test('a client the caller cannot see is not found, and no mail leaves', async () => {
    const { deps, mailer, clientUid } = await setup();

    const error = await requestHelp(deps, callerOf('bob'), {
      client_uid: clientUid,
      topic: 'other',
      message: 'hi',
    }).catch((e) => e);

    expect(error).toMatchObject({ status: 404 });
    expect(mailer.sent).toHaveLength(0);
  });

  test(`past ${HELP_REQUESTS_PER_WINDOW} requests an hour the caller is asked to wait`, async () => {
    const { deps, mailer } = await setup();
    const ask = () =>
      requestHelp(deps, callerOf('alice'), { topic: 'other', message: 'help' }).catch((e) => e);
    for (let i = 0; i < HELP_REQUESTS_PER_WINDOW; i++) await ask();

    const error = await ask();

    expect(error).toMatchObject({ status: 429, message: HELP_RATE_LIMITED });
    expect(mailer.sent).toHaveLength(HELP_REQUESTS_PER_WINDOW);
  });
});
