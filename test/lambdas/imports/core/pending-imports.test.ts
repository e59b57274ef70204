import { beforeEach, describe, expect, test } from 'vitest';
import type { UserProfile } from '#shared/accounts/accounts';
import { onObjectCreated } from '../../../../lambdas/imports/core/on-object-created';
import { pendingImports } from '../../../../lambdas/imports/core/pending-imports';
import { acmeClient, memoryDeps } from '../fakes';
import { customer, uploadedFile } from '../upload-fixture';

const olga = customer('olga');
const sam = customer('sam', 'sam@b.example');
const rita = customer('rita');
const HEADER = 'Advertiser,Station,Market,Air Date,Air Time,ISCI,Length,Cost';
/** Row 1 has no date: the file waits in review. */
const BAD = `${HEADER}\nAcme,WABC,501,,8:30 PM,AC1,30,$100\n`;

let deps: ReturnType<typeof memoryDeps>;
beforeEach(async () => {
  deps = memoryDeps();
  await deps.companies.addMembership('olga', 'org-a', 'owner');
  await deps.companies.addMembership('rita', 'org-r', 'owner');
  await deps.companies.ensureAdvertiser('org-a', 'Acme', () => acmeClient('c-acme'));
  await deps.companies.ensureAdvertiser('org-a', 'Beta', () => ({
    ...acmeClient('c-beta'),
    name: 'Beta',
  }));
  const profile = { user_id: 'sam', primary_email: 'sam@b.example', email_verified: true };
  deps.companies.accounts.profiles.set('sam', profile as UserProfile);
  await deps.companies.accounts.putShare({
    share_uid: 's1',
    client_uid: 'c-acme',
    client_name: 'Acme',
    from_user_id: 'olga',
    from_email: 'olga@x.com',
    to_email: 'sam@b.example',
    perms: ['import'],
    status: 'active',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  });
});

async function uploadInReview(input: { client_uid?: string; file_name: string }) {
  const { postlog_id, key } = await uploadedFile(deps, olga, BAD, input);
  await onObjectCreated(deps, key);
  return postlog_id;
}

describe('pending_imports', () => {
  test('lists a client imports waiting in review, after the tab that uploaded them is gone', async () => {
    const acme = await uploadInReview({ client_uid: 'c-acme', file_name: 'acme.csv' });
    await uploadInReview({ client_uid: 'c-beta', file_name: 'beta.csv' });
    const orgWide = await uploadInReview({ file_name: 'Acme.csv' });

    const forOwner = await pendingImports(deps, olga, { client_uid: 'c-acme' });
    const forSharee = await pendingImports(deps, sam, { client_uid: 'c-acme' });

    expect(forOwner.imports.map((j) => j.postlog_id).sort()).toEqual([acme, orgWide].sort());
    expect(forOwner.imports.every((j) => j.status === 'review')).toBe(true);
    expect(forSharee.imports.map((j) => j.postlog_id)).toEqual([acme]);
    expect(JSON.stringify(forOwner)).not.toContain('object_key');
  });

  test('another organisation gets 404 for the client', async () => {
    await uploadInReview({ client_uid: 'c-acme', file_name: 'acme.csv' });

    await expect(pendingImports(deps, rita, { client_uid: 'c-acme' })).rejects.toMatchObject({
      status: 404,
    });
  });
});
