import { beforeEach, describe, expect, test } from 'vitest';
import { createDropSchema, DROP_MESSAGES, sshKeyProblem } from '#shared/contracts/drops.schema';
import { createDrop } from '../../../../lambdas/drops/core/create-drop';
import { listDrops } from '../../../../lambdas/drops/core/list-drops';
import { revokeDrop } from '../../../../lambdas/drops/core/revoke-drop';
import { acmeClient } from '../../imports/fakes';
import { customer } from '../../imports/upload-fixture';
import { dropWorld, ED25519_FINGERPRINT, ED25519_KEY, mia, olga, rita } from '../fakes';

let world: Awaited<ReturnType<typeof dropWorld>>;
beforeEach(async () => {
  world = await dropWorld();
});

describe('create_drop', () => {
  test('an owner makes a drop for one client and is shown its folder once', async () => {
    const made = await createDrop(world.routeDeps, olga, {
      client_uid: 'c-acme',
      label: 'WXYZ traffic system',
    });

    expect(made.connection).toEqual({ mode: 'folder', path: '/drops/org-a/c-acme/' });
    expect(made.drop).toMatchObject({
      org_uid: 'org-a',
      client_uid: 'c-acme',
      client_name: 'Acme',
      label: 'WXYZ traffic system',
      status: 'active',
      created_by_email: 'olga@a.example',
      last_used_at: null,
    });
    expect(await world.drops.active('org-a', 'c-acme')).toMatchObject({ created_by: 'olga' });
  });

  test('an owner makes a drop for the whole organisation', async () => {
    const made = await createDrop(world.routeDeps, olga, {
      organization_uid: 'org-a',
      label: 'Agency buying system',
    });

    expect(made.drop).toMatchObject({ client_uid: null, client_name: null, org_uid: 'org-a' });
    expect(made.connection).toEqual({ mode: 'folder', path: '/drops/org-a/_org/' });
  });

  test('over SFTP the drop is a user named after it, keyed by the pasted key, home at /', async () => {
    const sftp = await dropWorld('sftp');

    const made = await createDrop(sftp.routeDeps, olga, {
      client_uid: 'c-acme',
      label: 'WXYZ',
      ssh_public_key: ED25519_KEY,
    });

    expect(made.connection).toEqual({
      mode: 'sftp',
      host: 's-1.server.transfer.us-east-1.amazonaws.com',
      port: 22,
      user: 'drop-drop1',
      path: '/',
    });
    expect(made.drop.key_fingerprint).toBe(ED25519_FINGERPRINT);
    expect(JSON.stringify(made)).not.toContain('AAAAC3NzaC1lZDI1NTE5');
  });

  test('over SFTP a drop without a key is refused naming the field', async () => {
    const sftp = await dropWorld('sftp');

    await expect(
      createDrop(sftp.routeDeps, olga, { client_uid: 'c-acme', label: 'WXYZ' }),
    ).rejects.toMatchObject({ status: 400, field: 'ssh_public_key' });
    expect(sftp.drops.drops.size).toBe(0);
  });

  test('a stage with drops off refuses them', async () => {
    const off = await dropWorld('off');

    await expect(
      createDrop(off.routeDeps, olga, { client_uid: 'c-acme', label: 'x' }),
    ).rejects.toMatchObject({ status: 409, message: DROP_MESSAGES.off });
  });

  test('a client has one active drop at a time; after a revoke a new one can be made', async () => {
    const first = await createDrop(world.routeDeps, olga, { client_uid: 'c-acme', label: 'a' });

    const second = createDrop(world.routeDeps, olga, { client_uid: 'c-acme', label: 'b' });
    await expect(second).rejects.toMatchObject({ status: 409, message: DROP_MESSAGES.taken });
    await revokeDrop(world.routeDeps, olga, { drop_id: first.drop.drop_id });
    const third = await createDrop(world.routeDeps, olga, { client_uid: 'c-acme', label: 'c' });
    expect(third.drop.status).toBe('active');
  });

  test('a plain member is refused; another organisation gets 404; nothing is stored', async () => {
    const asMember = createDrop(world.routeDeps, mia, { client_uid: 'c-acme', label: 'x' });
    const orgAsMember = createDrop(world.routeDeps, mia, { organization_uid: 'org-a', label: 'x' });
    const asStranger = createDrop(world.routeDeps, rita, { client_uid: 'c-acme', label: 'x' });
    const orgAsStranger = createDrop(world.routeDeps, rita, {
      organization_uid: 'org-a',
      label: 'x',
    });

    await expect(asMember).rejects.toMatchObject({ status: 403 });
    await expect(orgAsMember).rejects.toMatchObject({ status: 403 });
    await expect(asStranger).rejects.toMatchObject({ status: 404 });
    await expect(orgAsStranger).rejects.toMatchObject({ status: 404 });
    expect(world.drops.drops.size).toBe(0);
  });

  test('staff get no drop for a customer they do not manage, and samples take none', async () => {
    const staff = { ...customer('sid'), staff: true };
    await world.companies.putClient({ ...acmeClient('c-demo'), org_uid: 'org-a', demo: true });

    await expect(
      createDrop(world.routeDeps, staff, { client_uid: 'c-acme', label: 'x' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      createDrop(world.routeDeps, olga, { client_uid: 'c-demo', label: 'x' }),
    ).rejects.toMatchObject({ status: 403 });
  });

  test.each([
    [{ label: 'x' }, 'client_uid'],
    [{ label: 'x', client_uid: 'c', organization_uid: 'o' }, 'client_uid'],
    [{ label: '', client_uid: 'c' }, 'label'],
    [
      { label: 'x', client_uid: 'c', ssh_public_key: 'ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIF8c' },
      'ssh_public_key',
    ],
    [{ label: 'x', client_uid: 'c', ssh_public_key: 'my password' }, 'ssh_public_key'],
  ])('the schema refuses %j naming %s', (input, field) => {
    const parsed = createDropSchema.safeParse(input);

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual([field]);
  });

  test('a key line is checked for its type and blob, as ssh-keygen writes them', () => {
    expect(sshKeyProblem(ED25519_KEY)).toBeNull();
    expect(sshKeyProblem(ED25519_KEY.replace('ssh-ed25519', 'ssh-rsa'))).toBe(DROP_MESSAGES.sshKey);
    expect(sshKeyProblem('ssh-ed25519 not*base64')).toBe(DROP_MESSAGES.sshKey);
    expect(sshKeyProblem('-----BEGIN OPENSSH PRIVATE KEY-----')).toBe(DROP_MESSAGES.sshKey);
  });

  test('a key with options or a second key hidden after the first is refused: only the key whose fingerprint the owner sees may log in', () => {
    const other = ED25519_KEY.replace('IF8c', 'IF9c');

    expect(sshKeyProblem(`command="/bin/sh" ${ED25519_KEY}`)).toBe(DROP_MESSAGES.sshKey);
    expect(sshKeyProblem(`from="10.0.0.1",no-pty ${ED25519_KEY}`)).toBe(DROP_MESSAGES.sshKey);
    expect(sshKeyProblem(`${ED25519_KEY}\n${other}`)).toBe(DROP_MESSAGES.sshKey);
    expect(sshKeyProblem(`${ED25519_KEY}\r${other}`)).toBe(DROP_MESSAGES.sshKey);
    expect(
      createDropSchema.safeParse({
        client_uid: 'c',
        label: 'l',
        ssh_public_key: `${ED25519_KEY}\n${other}`,
      }).success,
    ).toBe(false);
  });
});

describe('list_drops', () => {
  test('the owner sees every drop, revoked ones too, newest first, with the clients to pick', async () => {
    const a = await createDrop(world.routeDeps, olga, { client_uid: 'c-acme', label: 'a' });
    world.routeDeps.now = () => new Date('2026-01-06T00:00:00Z');
    await createDrop(world.routeDeps, olga, { organization_uid: 'org-a', label: 'b' });
    await revokeDrop(world.routeDeps, olga, { drop_id: a.drop.drop_id });

    const list = await listDrops(world.routeDeps, olga, { organization_uid: 'org-a' });

    expect(list.mode).toBe('folder');
    expect(list.drops.map((d) => [d.label, d.status])).toEqual([
      ['b', 'active'],
      ['a', 'revoked'],
    ]);
    expect(list.clients).toEqual([
      { client_uid: 'c-acme', name: 'Acme' },
      { client_uid: 'c-beta', name: 'Beta' },
    ]);
  });

  test('a plain member is refused and another organisation gets 404', async () => {
    await expect(
      listDrops(world.routeDeps, mia, { organization_uid: 'org-a' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      listDrops(world.routeDeps, rita, { organization_uid: 'org-a' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('revoke_drop', () => {
  test('revokes once; a second revoke answers the same and changes nothing', async () => {
    const made = await createDrop(world.routeDeps, olga, { client_uid: 'c-acme', label: 'a' });

    const revoked = await revokeDrop(world.routeDeps, olga, { drop_id: made.drop.drop_id });
    const again = await revokeDrop(world.routeDeps, olga, { drop_id: made.drop.drop_id });

    expect(revoked.drop).toMatchObject({
      status: 'revoked',
      revoked_at: '2026-01-05T12:00:00.000Z',
    });
    expect(again.drop).toEqual(revoked.drop);
    expect(await world.drops.active('org-a', 'c-acme')).toBeNull();
  });

  test('another organisation and unknown drops get 404, a member 403, and the drop stays', async () => {
    const made = await createDrop(world.routeDeps, olga, { client_uid: 'c-acme', label: 'a' });

    await expect(
      revokeDrop(world.routeDeps, rita, { drop_id: made.drop.drop_id }),
    ).rejects.toMatchObject({ status: 404, message: 'Drop not found.' });
    await expect(
      revokeDrop(world.routeDeps, olga, { drop_id: 'no-such-drop' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      revokeDrop(world.routeDeps, mia, { drop_id: made.drop.drop_id }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await world.drops.active('org-a', 'c-acme')).not.toBeNull();
  });
});
