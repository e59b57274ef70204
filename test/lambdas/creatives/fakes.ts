import type { Caller } from '#shared/auth/caller';
import { newClientRecord } from '#shared/companies/companies';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import { MemoryCreatives } from '#shared/creatives/memory-creatives';
import type { CreativesDeps, MediaStore } from '../../../lambdas/creatives/core/ports';
import { verifiedProfiles } from '../accounts/sharing-fakes';

/** The media bucket in memory; URLs name the key, type, size and lifetime they were made for. */
export class MemoryMedia implements MediaStore {
  readonly objects = new Map<string, Uint8Array>();
  readonly removed: string[] = [];
  async presignPut(key: string, contentType: string, sizeBytes: number, ttlS: number) {
    return `https://media.test/${key}?put&type=${contentType}&size=${sizeBytes}&ttl=${ttlS}`;
  }
  async presignGet(key: string, contentType: string, ttlS: number) {
    return `https://media.test/${key}?get&type=${contentType}&ttl=${ttlS}`;
  }
  async size(key: string) {
    return this.objects.get(key)?.length ?? null;
  }
  async readStart(key: string, bytes: number) {
    return (this.objects.get(key) ?? new Uint8Array()).subarray(0, bytes);
  }
  async copy(fromKey: string, toKey: string) {
    const bytes = this.objects.get(fromKey);
    if (bytes) this.objects.set(toKey, bytes.slice());
  }
  async remove(key: string) {
    this.removed.push(key);
    this.objects.delete(key);
  }
}

/** A signed-in customer with a verified e-mail `<id>@example.com`. */
export const caller = (userId: string): Caller => ({
  userId,
  email: `${userId}@example.com`,
  emailVerified: true,
  staff: false,
  agent: false,
});

export const NOW = new Date('2026-11-20T15:00:00.000Z');

/**
 * Alice's organisation `org-a` with client `client-a` (Alice is its owner), Mallory's `org-m`,
 * and a view-only share of client-a to Vic.
 */
export async function creativesWorld() {
  const companies = new MemoryCompanies();
  const creatives = new MemoryCreatives();
  const media = new MemoryMedia();
  await companies.putClient(
    newClientRecord({ client_uid: 'client-a', org_uid: 'org-a', name: 'Acme Mattress' }, NOW),
  );
  await companies.addMembership('alice', 'org-a', 'owner');
  await companies.addMembership('mallory', 'org-m', 'owner');
  await verifiedProfiles(companies.accounts, 'vic');
  await companies.accounts.putShare({
    share_uid: 'share-1',
    client_uid: 'client-a',
    client_name: 'Acme Mattress',
    from_user_id: 'alice',
    from_email: 'alice@example.com',
    to_email: 'vic@example.com',
    perms: ['view'],
    status: 'active',
    created_at: NOW.toISOString(),
    updated_at: NOW.toISOString(),
  });
  let n = 0;
  const deps: CreativesDeps = {
    companies,
    creatives,
    media,
    now: () => NOW,
    newId: () => `id-${++n}`,
  };
  return { deps, companies, creatives, media };
}
