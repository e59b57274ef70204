import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { z } from 'zod';

/** Reads a secret's string value (Secrets Manager in AWS; tests pass their own). */
export type SecretReader = (secretId: string) => Promise<string>;

/**
 * The SecretString of a Secrets Manager secret, by ARN or name.
 * @throws Error naming the secret when it holds no string (a binary secret), or the SDK's error.
 */
export const secretsManagerReader: SecretReader = async (secretId) => {
  const out = await new SecretsManagerClient({}).send(
    new GetSecretValueCommand({ SecretId: secretId }),
  );
  if (!out.SecretString) throw new Error(`Secret ${secretId} has no string value`);
  return out.SecretString;
};

/**
 * A secret's JSON object, checked by `schema`. Neither error echoes the text: JSON.parse's own
 * message quotes the start of what it read, which would put the secret in the log.
 * @param name the secret's owner in the message, e.g. `Google` ("The Google secret ...").
 * @throws Error `The <name> secret is not JSON`, or `The <name> secret must hold <its fields>`.
 */
export function parseSecretJson<S extends z.ZodObject>(
  text: string,
  schema: S,
  name: string,
): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`The ${name} secret is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new Error(`The ${name} secret must hold ${Object.keys(schema.shape).join(', ')}`);
  return parsed.data;
}
