import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { afterAll, describe, expect, test } from 'vitest';
import { KmsTokenVault, LocalTokenVault, tokenVaultFromEnv } from '#shared/connections/token-vault';

const dir = mkdtempSync(join(tmpdir(), 'ao-vault-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const context = { client_uid: 'client-a', connection_id: 'conn-1' };
const token = '1//refresh-token-of-a-google-user';

describe('LocalTokenVault', () => {
  test('opens what it sealed, and the sealed text does not contain the token', async () => {
    const vault = new LocalTokenVault(join(dir, 'a', 'google', 'token-key'));

    const sealed = await vault.seal(token, context);

    expect(sealed).not.toContain(token);
    expect(sealed.startsWith('gcm1:')).toBe(true);
    expect(await vault.open(sealed, { connection_id: 'conn-1', client_uid: 'client-a' })).toBe(
      token,
    );
  });

  test('makes a 32-byte key file readable by its owner only on first use', async () => {
    const file = join(dir, 'b', 'google', 'token-key');

    await new LocalTokenVault(file).seal(token, context);

    expect(readFileSync(file).length).toBe(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('a second vault on the same key file opens the first one’s values', async () => {
    const file = join(dir, 'c', 'token-key');
    const sealed = await new LocalTokenVault(file).seal(token, context);

    expect(await new LocalTokenVault(file).open(sealed, context)).toBe(token);
  });

  test('a value sealed for one connection does not open for another', async () => {
    const vault = new LocalTokenVault(join(dir, 'd', 'token-key'));
    const sealed = await vault.seal(token, context);

    await expect(vault.open(sealed, { ...context, connection_id: 'conn-2' })).rejects.toThrow();
  });

  test('an altered value does not open', async () => {
    const vault = new LocalTokenVault(join(dir, 'e', 'token-key'));
    const sealed = await vault.seal(token, context);
    // Flip one bit of the sealed bytes themselves: changing the last base64url character can
    // touch only its unused padding bits and decode to the same bytes.
    const [prefix, body] = [sealed.slice(0, 5), Buffer.from(sealed.slice(5), 'base64url')];
    body.writeUInt8(body.readUInt8(body.length - 1) ^ 0x01, body.length - 1);

    await expect(vault.open(prefix + body.toString('base64url'), context)).rejects.toThrow();
  });

  test('another key file cannot open it', async () => {
    const sealed = await new LocalTokenVault(join(dir, 'f', 'token-key')).seal(token, context);

    await expect(
      new LocalTokenVault(join(dir, 'g', 'token-key')).open(sealed, context),
    ).rejects.toThrow();
  });
});

describe('KmsTokenVault', () => {
  test('binds the value to the context through KMS encryption context, on seal and open', async () => {
    const sent: Array<EncryptCommand | DecryptCommand> = [];
    const kms: Pick<KMSClient, 'send'> = {
      send: (async (command: EncryptCommand | DecryptCommand) => {
        sent.push(command);
        return 'Plaintext' in command.input
          ? { CiphertextBlob: Buffer.from('cipher') }
          : { Plaintext: Buffer.from(token) };
      }) as KMSClient['send'],
    };
    const vault = new KmsTokenVault(kms, 'arn:aws:kms:us-east-1:1:key/k');

    const sealed = await vault.seal(token, context);
    const opened = await vault.open(sealed, context);

    expect(sealed).toBe(`kms1:${Buffer.from('cipher').toString('base64url')}`);
    expect(opened).toBe(token);
    expect(sent.map((c) => c.input.EncryptionContext)).toEqual([context, context]);
    expect(sent[0]?.input.KeyId).toBe('arn:aws:kms:us-east-1:1:key/k');
  });
});

describe('tokenVaultFromEnv', () => {
  test('names both variables when neither is set', () => {
    expect(() => tokenVaultFromEnv({})).toThrow(/TOKEN_KMS_KEY_ID or TOKEN_KEY_FILE/);
  });

  test('uses the key file locally', () => {
    expect(tokenVaultFromEnv({ TOKEN_KEY_FILE: join(dir, 'h', 'k') })).toBeInstanceOf(
      LocalTokenVault,
    );
  });
});
