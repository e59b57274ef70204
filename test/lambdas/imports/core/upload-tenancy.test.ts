import { beforeEach, describe, expect, test } from 'vitest';
import type { UserProfile } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import { confirmImport } from '../../../../lambdas/imports/core/confirm-import';
import { createUpload } from '../../../../lambdas/imports/core/create-upload';
import { getImport } from '../../../../lambdas/imports/core/get-import';
import { onObjectCreated } from '../../../../lambdas/imports/core/on-object-created';
import { acmeClient, memoryDeps } from '../fakes';
import { customer, uploadedFile } from '../upload-fixture';

/** A member of her own org-b, holding only a share with `import` on Acme. */
const sharee = customer('sam', 'sam@b.example');
/** A share with `import` on Acme and no organisation of their own. */
const loneSharee = customer('lou', 'lou@c.example');

const HEADER = 'Advertiser,Station,Market,Air Date,Air Time,ISCI,Length,Cost';
const ROWS = [
  'Acme,WABC,501,6/1/2016,8:30 PM,AC1,30,$100',
  'Beta,WGN,602,6/2/2016,7:00 PM,BE1,30,$50',
  'Newco,WGN,602,6/3/2016,7:00 PM,NC1,30,$50',
];

let deps: ReturnType<typeof memoryDeps>;
beforeEach(async () => {
  deps = memoryDeps();
  // olga owns org-a, whose clients are Acme (c-acme) and Beta (c-beta).
  await deps.companies.addMembership('olga', 'org-a', 'owner');
  await deps.companies.addMembership('sam', 'org-b', 'owner');
  await deps.companies.ensureAdvertiser('org-a', 'Acme', () => acmeClient('c-acme'));
  await deps.companies.ensureAdvertiser('org-a', 'Beta', () => ({
    ...acmeClient('c-beta'),
    name: 'Beta',
  }));
  for (const who of [sharee, loneSharee]) {
    // Shares count for an address the user's profile says they proved.
    const profile = { user_id: who.userId, primary_email: who.email, email_verified: true };
    deps.companies.accounts.profiles.set(who.userId, profile as UserProfile);
  }
  for (const [i, to] of ['sam@b.example', 'lou@c.example'].entries()) {
    await deps.companies.accounts.putShare({
      share_uid: `s${i}`,
      client_uid: 'c-acme',
      client_name: 'Acme',
      from_user_id: 'olga',
      from_email: 'olga@a.example',
      to_email: to,
      perms: ['import'],
      status: 'active',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    });
  }
});

/** create_upload as `who`, the browser's PUT, then the S3 event. */
async function upload(
  who: Caller,
  text: string,
  input: { client_uid?: string; advertiser?: string },
) {
  const { postlog_id, key } = await uploadedFile(deps, who, text, input);
  await onObjectCreated(deps, key);
  return postlog_id;
}

const orgClients = async (org: string) =>
  (await deps.companies.listClientsOfOrg(org)).map((c) => c.name).sort();

describe('an upload made for a client writes only to that client', () => {
  test('rows naming another advertiser of the organisation, or a new one, are row errors and nothing lands outside the client', async () => {
    const id = await upload(sharee, `${HEADER}\n${ROWS.join('\n')}\n`, { client_uid: 'c-acme' });

    const review = await getImport(deps, sharee, id);
    expect(review.status).toBe('review');
    expect(review.report?.errors).toEqual([
      {
        row: 2,
        field: 'advertiser',
        message: 'Advertiser "Beta" is not Acme: this upload is for Acme only.',
      },
      {
        row: 3,
        field: 'advertiser',
        message: 'Advertiser "Newco" is not Acme: this upload is for Acme only.',
      },
    ]);
    expect(deps.lake.writes).toBe(0);

    const done = await confirmImport(deps, sharee, { postlog_id: id });

    expect(done).toMatchObject({ status: 'complete', client_uid: 'c-acme' });
    expect(done.report?.newadvertisers).toEqual([]);
    expect(await orgClients('org-a')).toEqual(['Acme', 'Beta']);
    expect(deps.lake.allAirings('c-beta')).toEqual([]);
    expect(deps.lake.allAirings('c-acme').map((a) => a.station)).toEqual(['WABC']);
    expect((await deps.companies.getClient('c-beta'))?.airings).toBe(0);
  });

  test('remapping the advertiser column on confirm cannot move rows out of the client', async () => {
    const bad = 'Beta,Acme,WXYZ,999,6/3/2016,7:00 PM,AC3,30,$10';
    const id = await upload(sharee, `Sponsor,${HEADER}\nBeta,${ROWS[0]}\n${bad}\n`, {
      client_uid: 'c-acme',
    });
    expect((await getImport(deps, sharee, id)).status).toBe('review');

    const done = await confirmImport(deps, sharee, {
      postlog_id: id,
      mapping: { advertiser: 'Sponsor' },
    });

    expect(done.status).toBe('review');
    expect(done.report?.errors[0]).toMatchObject({ row: 1, field: 'advertiser' });
    expect(await orgClients('org-a')).toEqual(['Acme', 'Beta']);
    expect(deps.lake.allAirings('c-beta')).toEqual([]);
    expect(deps.lake.writes).toBe(0);
  });

  test("an advertiser named at create_upload cannot redirect a client's rows to a new client", async () => {
    const id = await upload(
      sharee,
      `${HEADER.slice('Advertiser,'.length)}\n${ROWS[0]!.slice(5)}\n`,
      {
        client_uid: 'c-acme',
        advertiser: 'Newco',
      },
    );

    const job = await getImport(deps, sharee, id);
    expect(job).toMatchObject({ status: 'complete', client_uid: 'c-acme', advertiser: 'Acme' });
    expect(await orgClients('org-a')).toEqual(['Acme', 'Beta']);
    expect(deps.lake.allAirings('c-acme')).toHaveLength(1);
  });
});

describe('an upload without a client', () => {
  test("creates its advertisers in the caller's own organisation, never in one reached by a share", async () => {
    const id = await upload(sharee, `${HEADER}\n${ROWS.join('\n')}\n`, {});

    expect((await getImport(deps, sharee, id)).status).toBe('complete');
    expect(await orgClients('org-b')).toEqual(['Acme', 'Beta', 'Newco']);
    expect(await orgClients('org-a')).toEqual(['Acme', 'Beta']);
    expect(deps.lake.allAirings('c-acme')).toEqual([]);
  });

  test('is refused to a caller who only holds shares', async () => {
    await expect(
      createUpload(deps, loneSharee, {
        kind: 'postlog',
        file_name: 'log.csv',
        content_type: 'text/csv',
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect(deps.jobs.jobs.size).toBe(0);
  });

  test('a sharee without an organisation may upload for the shared client, and its rows stay in it', async () => {
    const id = await upload(loneSharee, `${HEADER}\n${ROWS[0]}\n`, { client_uid: 'c-acme' });

    expect((await getImport(deps, loneSharee, id)).status).toBe('complete');
    expect(await orgClients('org-a')).toEqual(['Acme', 'Beta']);
  });
});
