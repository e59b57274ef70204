import { describe, expect, test } from 'vitest';
import type { Caller } from '#shared/auth/caller';
import { type ClientRecord, readableClient, writableClient } from '#shared/companies/companies';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import { Forbidden, NotFound } from '#shared/errors';

const client = (uid: string, org: string, demo = false): ClientRecord => ({
  client_uid: uid,
  org_uid: org,
  name: uid,
  sample_data: demo,
  demo,
  postlog_timezone: 'America/New_York',
  airings: 0,
  first_airing_utc: null,
  last_airing_utc: null,
  latest_report_id: null,
  created_at: '2026-11-22T00:00:00Z',
});
const alice: Caller = {
  userId: 'alice',
  email: null,
  emailVerified: true,
  staff: false,
  agent: false,
};
const staff: Caller = {
  userId: 'sam',
  email: null,
  emailVerified: true,
  staff: true,
  agent: false,
};

async function repo() {
  const companies = new MemoryCompanies();
  await companies.putClient(client('mine', 'org-a'));
  await companies.putClient(client('theirs', 'org-b'));
  await companies.putClient(client('demo', 'org-demo', true));
  await companies.addMembership('alice', 'org-a', 'owner');
  return companies;
}

describe('who may see a client', () => {
  test("a member reads and writes her organisation's client", async () => {
    const companies = await repo();

    await expect(readableClient(companies, alice, 'mine')).resolves.toMatchObject({
      client_uid: 'mine',
    });
    await expect(writableClient(companies, alice, 'mine')).resolves.toMatchObject({
      client_uid: 'mine',
    });
  });

  test("another organisation's client answers exactly like a missing one", async () => {
    const companies = await repo();

    const other = await readableClient(companies, alice, 'theirs').catch((e: unknown) => e);
    const missing = await readableClient(companies, alice, 'no-such-id').catch((e: unknown) => e);

    expect(other).toBeInstanceOf(NotFound);
    expect(missing).toBeInstanceOf(NotFound);
    expect((other as Error).message).toBe((missing as Error).message);
  });

  test('the demo client is readable by anyone signed in but read-only', async () => {
    const companies = await repo();

    await expect(readableClient(companies, alice, 'demo')).resolves.toMatchObject({ demo: true });
    await expect(writableClient(companies, alice, 'demo')).rejects.toBeInstanceOf(Forbidden);
  });

  test('staff read any client', async () => {
    const companies = await repo();

    await expect(readableClient(companies, staff, 'theirs')).resolves.toMatchObject({
      client_uid: 'theirs',
    });
  });
});
