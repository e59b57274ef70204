import { describe, expect, test } from 'vitest';
import { newClientRecord } from '#shared/companies/companies';
import { companySave } from '../../../../lambdas/companies/core/company-save';
import { callerOf, clientWorld } from '../client-fakes';

const alice = callerOf('alice');
const bob = callerOf('bob');

const errorOf = (p: Promise<unknown>) => p.then(() => null).catch((e) => e);

describe('company_save creates a client', () => {
  test("in the caller's first organisation, with the fields and reps given", async () => {
    const { deps, companies } = await clientWorld();

    const out = await companySave(deps, alice, {
      name: ' Acme Tires ',
      website: 'acme.example',
      industry_id: '1',
      postlog_timezone: 'America/Chicago',
      attribution_method: 'pageviews',
      tags: ['spring'],
      rep_uids: ['ana'],
    });

    expect(out.created).toBe(true);
    expect(out.client_info).toMatchObject({
      org_uid: 'org-a',
      name: 'Acme Tires',
      website: 'acme.example',
      postlog_timezone: 'America/Chicago',
      attribution_method: 'pageviews',
      tags: ['spring'],
      rep_uids: ['ana'],
    });
    const stored = await companies.getClient(out.client_info.client_uid);
    expect(stored?.rep_names).toEqual(['Ana Avery']);
  });

  test('a later post-log import of the same advertiser name lands on the new client', async () => {
    const { deps, companies } = await clientWorld();
    const out = await companySave(deps, alice, { name: 'Acme Tires' });

    const imported = await companies.ensureAdvertiser('org-a', 'ACME TIRES', () =>
      newClientRecord({ client_uid: 'other', org_uid: 'org-a', name: 'ACME TIRES' }, new Date()),
    );

    expect(imported).toMatchObject({ created: false });
    expect(imported.client.client_uid).toBe(out.client_info.client_uid);
  });

  test('a name the organisation already has (any case) is refused on the name field', async () => {
    const { deps, companies } = await clientWorld();
    await companySave(deps, alice, { name: 'Acme Tires' });
    const before = companies.clients.size;

    const error = await errorOf(companySave(deps, alice, { name: 'acme tires' }));

    expect(error).toMatchObject({
      status: 400,
      field: 'name',
      message: 'A client named Acme Tires already exists.',
    });
    expect(companies.clients.size).toBe(before);
  });

  test('an organisation the caller does not belong to is not found, and nothing is created', async () => {
    const { deps, companies } = await clientWorld();

    const error = await errorOf(companySave(deps, alice, { name: 'Sneaky', org_uid: 'org-b' }));

    expect(error).toMatchObject({ status: 404 });
    expect(companies.clients.size).toBe(0);
  });

  test("a rep who is not a member of the client's organisation is refused on rep_uids", async () => {
    const { deps, companies } = await clientWorld();

    const error = await errorOf(companySave(deps, alice, { name: 'Acme', rep_uids: ['bob'] }));

    expect(error).toMatchObject({ status: 400, field: 'rep_uids' });
    expect(companies.clients.size).toBe(0);
  });
});

describe('company_save edits a client', () => {
  test('a rename moves the name claim: the new name maps to it, the old one is free', async () => {
    const { deps, companies, names } = await clientWorld();
    const { client_info } = await companySave(deps, alice, { name: 'Acme' });

    const out = await companySave(deps, alice, {
      client_uid: client_info.client_uid,
      name: 'Acme Tires',
      tags: ['x'],
    });

    expect(out).toMatchObject({ created: false, client_info: { name: 'Acme Tires', tags: ['x'] } });
    expect((await companies.getClient(client_info.client_uid))?.name).toBe('Acme Tires');
    expect(await names.owner('org-a', 'acme tires')).toBe(client_info.client_uid);
    expect(await names.owner('org-a', 'acme')).toBeNull();
  });

  test("renaming to another client's name is refused and changes nothing", async () => {
    const { deps, companies, names } = await clientWorld();
    const a = (await companySave(deps, alice, { name: 'Acme' })).client_info;
    await companySave(deps, alice, { name: 'Bolt' });

    const error = await errorOf(
      companySave(deps, alice, { client_uid: a.client_uid, name: 'BOLT', website: 'x.com' }),
    );

    expect(error).toMatchObject({
      status: 400,
      field: 'name',
      message: 'A client named BOLT already exists.',
    });
    expect(await companies.getClient(a.client_uid)).toMatchObject({ name: 'Acme' });
    expect((await companies.getClient(a.client_uid))?.website).toBeUndefined();
    expect(await names.owner('org-a', 'acme')).toBe(a.client_uid);
  });

  test("a stranger cannot edit (or learn of) another customer's client", async () => {
    const { deps, companies } = await clientWorld();
    const a = (await companySave(deps, alice, { name: 'Acme' })).client_info;

    const error = await errorOf(companySave(deps, bob, { client_uid: a.client_uid, name: 'Mine' }));

    expect(error).toMatchObject({ status: 404 });
    expect((await companies.getClient(a.client_uid))?.name).toBe('Acme');
  });

  test('a sample (demo) client is read-only', async () => {
    const { deps, companies } = await clientWorld();
    await companies.putClient(
      newClientRecord(
        { client_uid: 'demo-1', org_uid: 'org-demo', name: 'Demo', demo: true },
        new Date(),
      ),
    );

    const error = await errorOf(companySave(deps, alice, { client_uid: 'demo-1', name: 'Mine' }));

    expect(error).toMatchObject({ status: 403 });
  });
});
