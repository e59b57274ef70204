import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';

/**
 * Sealing of stored Google refresh tokens (a connection's grant to read a client's GA4
 * properties). A token is stored only sealed, bound to the item it belongs to through `context`
 * (e.g. `{client_uid, connection_id}`): a sealed value copied onto another item does not open
 * there. Plain tokens are never logged, returned or put in a URL.
 */

/** What a sealed value is bound to: string pairs, compared exactly (key order does not matter). */
export type VaultContext = Readonly<Record<string, string>>;

/** The context a connection's refresh token is sealed under: the client and the connection. */
export function connectionVaultContext(c: {
  client_uid: string;
  connection_id: string;
}): VaultContext {
  return { client_uid: c.client_uid, connection_id: c.connection_id };
}

/** Seals and opens secrets bound to a context. */
export interface TokenVault {
  /** @returns an opaque ASCII string safe to store (never contains the plain value). */
  seal(plain: string, context: VaultContext): Promise<string>;
  /**
   * @throws Error when `sealed` was not made by this vault for exactly this context, or was
   *   altered (authenticated encryption).
   */
  open(sealed: string, context: VaultContext): Promise<string>;
}

/** The context in one canonical form (keys sorted), so equal contexts give equal bytes. */
function canonical(context: VaultContext): Record<string, string> {
  return Object.fromEntries(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : 1)));
}

const KMS_PREFIX = 'kms1:';
const GCM_PREFIX = 'gcm1:';

/**
 * AWS: KMS Encrypt/Decrypt under one symmetric key, with `context` as KMS's encryption context
 * (authenticated, and written to CloudTrail with each Decrypt: who opened which connection's
 * token is auditable). Refresh tokens are far below KMS's 4 KB plaintext limit.
 */
export class KmsTokenVault implements TokenVault {
  constructor(
    private readonly kms: Pick<KMSClient, 'send'>,
    private readonly keyId: string,
  ) {}

  async seal(plain: string, context: VaultContext): Promise<string> {
    const out = await this.kms.send(
      new EncryptCommand({
        KeyId: this.keyId,
        Plaintext: Buffer.from(plain, 'utf8'),
        EncryptionContext: canonical(context),
      }),
    );
    if (!out.CiphertextBlob) throw new Error('KMS returned no ciphertext');
    return KMS_PREFIX + Buffer.from(out.CiphertextBlob).toString('base64url');
  }

  async open(sealed: string, context: VaultContext): Promise<string> {
    if (!sealed.startsWith(KMS_PREFIX)) throw new Error('Not a KMS-sealed value');
    const out = await this.kms.send(
      new DecryptCommand({
        KeyId: this.keyId,
        CiphertextBlob: Buffer.from(sealed.slice(KMS_PREFIX.length), 'base64url'),
        EncryptionContext: canonical(context),
      }),
    );
    if (!out.Plaintext) throw new Error('KMS returned no plaintext');
    return Buffer.from(out.Plaintext).toString('utf8');
  }
}

/**
 * Local stand-in for KMS: AES-256-GCM with a random 96-bit IV per seal and the canonical context
 * as additional authenticated data. The 32-byte key lives in `keyFile` (mode 0600), made on first
 * use. Sealed form: `gcm1:` + base64url(iv | tag | ciphertext).
 */
export class LocalTokenVault implements TokenVault {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly keyFile: string) {}

  async seal(plain: string, context: VaultContext): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.loadKey(), iv);
    cipher.setAAD(Buffer.from(JSON.stringify(canonical(context)), 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return GCM_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  async open(sealed: string, context: VaultContext): Promise<string> {
    if (!sealed.startsWith(GCM_PREFIX)) throw new Error('Not a locally sealed value');
    const raw = Buffer.from(sealed.slice(GCM_PREFIX.length), 'base64url');
    if (raw.length < 28) throw new Error('Sealed value is truncated');
    const decipher = createDecipheriv('aes-256-gcm', await this.loadKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    decipher.setAAD(Buffer.from(JSON.stringify(canonical(context)), 'utf8'));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  private loadKey(): Promise<Buffer> {
    this.key ??= readOrMakeKey(this.keyFile).catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }
}

/** Reads the 32-byte key file, creating it (exclusively, 0600) when absent. */
async function readOrMakeKey(file: string): Promise<Buffer> {
  try {
    return checkedKey(await readFile(file), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(file), { recursive: true });
  try {
    await writeFile(file, randomBytes(32), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  await chmod(file, 0o600);
  return checkedKey(await readFile(file), file);
}

function checkedKey(key: Buffer, file: string): Buffer {
  if (key.length !== 32) throw new Error(`Token key file ${file} must hold 32 bytes`);
  return key;
}

/** Environment variables of the vault: one of them must be set. */
export const TOKEN_VAULT_ENV = {
  /** AWS: id or ARN of the KMS key that seals refresh tokens. */
  kmsKeyId: 'TOKEN_KMS_KEY_ID',
  /** Local: path of the AES key file, `<LOCAL_DIR>/google/token-key`. */
  keyFile: 'TOKEN_KEY_FILE',
} as const;

/**
 * The vault the environment names: KMS when TOKEN_KMS_KEY_ID is set, else the local key file of
 * TOKEN_KEY_FILE. @throws Error naming both variables when neither is set.
 */
export function tokenVaultFromEnv(env: NodeJS.ProcessEnv = process.env): TokenVault {
  const keyId = env[TOKEN_VAULT_ENV.kmsKeyId];
  if (keyId) return new KmsTokenVault(new KMSClient({}), keyId);
  const file = env[TOKEN_VAULT_ENV.keyFile];
  if (file) return new LocalTokenVault(file);
  throw new Error(`Bad environment: set ${TOKEN_VAULT_ENV.kmsKeyId} or ${TOKEN_VAULT_ENV.keyFile}`);
}
