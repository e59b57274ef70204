import { beforeEach, describe, expect, test } from 'vitest';
import { createDrop } from '../../../../lambdas/drops/core/create-drop';
import { revokeDrop } from '../../../../lambdas/drops/core/revoke-drop';
import { type SftpIdentityDeps, sftpIdentity } from '../../../../lambdas/drops/core/sftp-identity';
import { dropWorld, ED25519_KEY, olga } from '../fakes';

let world: Awaited<ReturnType<typeof dropWorld>>;
let deps: SftpIdentityDeps;
let username: string;
beforeEach(async () => {
  world = await dropWorld('sftp');
  deps = {
    drops: world.drops,
    companies: world.companies,
    bucket: 'uploads-bucket',
    roleArn: 'arn:aws:iam::123456789012:role/DropSession',
  };
  const made = await createDrop(world.routeDeps, olga, {
    client_uid: 'c-acme',
    label: 'WXYZ',
    ssh_public_key: ED25519_KEY,
  });
  username = made.drop.username;
});

describe('the SFTP identity provider', () => {
  test('answers a drop user with its key, a home mapped onto its prefix and a policy limited to it', async () => {
    const identity = await sftpIdentity(deps, { username, password: '', protocol: 'SFTP' });

    expect(identity.Role).toBe('arn:aws:iam::123456789012:role/DropSession');
    expect(identity.PublicKeys).toEqual([ED25519_KEY]);
    expect(identity.HomeDirectoryType).toBe('LOGICAL');
    expect(JSON.parse(identity.HomeDirectoryDetails ?? '')).toEqual([
      { Entry: '/', Target: '/uploads-bucket/drops/org-a/c-acme' },
    ]);
    const policy = JSON.parse(identity.Policy ?? '');
    expect(policy.Statement).toEqual([
      expect.objectContaining({
        Action: 's3:ListBucket',
        Resource: 'arn:aws:s3:::uploads-bucket',
        Condition: { StringLike: { 's3:prefix': ['drops/org-a/c-acme/', 'drops/org-a/c-acme/*'] } },
      }),
      expect.objectContaining({ Resource: 'arn:aws:s3:::uploads-bucket/drops/org-a/c-acme/*' }),
    ]);
  });

  test('refuses passwords, unknown users, revoked drops and a maker who no longer manages the organisation', async () => {
    const password = await sftpIdentity(deps, { username, password: 'hunter2' });
    const unknown = await sftpIdentity(deps, { username: 'drop-nope', password: '' });
    const notADrop = await sftpIdentity(deps, { username: 'root', password: '' });
    await world.companies.addMembership('olga', 'org-a', 'member');
    const demoted = await sftpIdentity(deps, { username, password: '' });
    await world.companies.addMembership('olga', 'org-a', 'owner');
    await revokeDrop(world.routeDeps, olga, { drop_id: username.slice('drop-'.length) });
    const revoked = await sftpIdentity(deps, { username, password: '' });

    expect([password, unknown, notADrop, demoted, revoked]).toEqual([{}, {}, {}, {}, {}]);
  });
});
