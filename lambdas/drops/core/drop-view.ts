import { createHash } from 'node:crypto';
import { DROP_ORG_SCOPE, type DropView } from '#shared/contracts/drops.schema';
import { DROP_PREFIX } from '#shared/workers';
import type { DropRecord } from './ports';

/** The scope segment of a drop's prefix: its client, or `_org` for an organisation drop. */
export const dropScope = (drop: Pick<DropRecord, 'client_uid'>): string =>
  drop.client_uid ?? DROP_ORG_SCOPE;

/** Where a drop's files land in the uploads bucket: `drops/<org_uid>/<client_uid | _org>/`. */
export const dropPrefix = (drop: Pick<DropRecord, 'org_uid' | 'client_uid'>): string =>
  `${DROP_PREFIX}${drop.org_uid}/${dropScope(drop)}/`;

/** The SFTP user name of a drop (AWS Transfer Family: letters, digits, `@._-`, 3-100). */
export const dropUsername = (dropId: string): string => `drop-${dropId}`;

/** The drop id a SFTP user name names, or null when it is not a drop's. */
export function dropIdOfUsername(username: string): string | null {
  const m = /^drop-([A-Za-z0-9-]{1,64})$/.exec(username);
  return m?.[1] ?? null;
}

/**
 * The SHA256 fingerprint of an OpenSSH public key line, as `ssh-keygen -lf` prints it:
 * `SHA256:` and the unpadded base64 of the SHA-256 of the key blob.
 */
export function sshKeyFingerprint(line: string): string {
  const blob = Buffer.from(line.trim().split(/\s+/)[1] ?? '', 'base64');
  const digest = createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
  return `SHA256:${digest}`;
}

/** A drop as its owners see it: no key material, no user ids. */
export function dropView(drop: DropRecord): DropView {
  return {
    drop_id: drop.drop_id,
    org_uid: drop.org_uid,
    client_uid: drop.client_uid,
    client_name: drop.client_name,
    label: drop.label,
    mode: drop.mode,
    username: drop.username,
    key_fingerprint: drop.key_fingerprint,
    status: drop.revoked_at ? 'revoked' : 'active',
    created_at: drop.created_at,
    created_by_email: drop.created_by_email,
    revoked_at: drop.revoked_at,
    last_used_at: drop.last_used_at,
    last_result: drop.last_result,
  };
}
