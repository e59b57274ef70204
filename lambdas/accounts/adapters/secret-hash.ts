import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Secrets of the account flows: only SHA-256 digests are stored (SessionsTable), so a leaked
 * table does not hand out working reset links or codes.
 */

/** Lower-case hex SHA-256 of a UTF-8 string. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The stored digest of a verification code: bound to its e-mail, so equal codes differ. */
export function codeDigest(email: string, code: string): string {
  return sha256Hex(`${email}\n${code}`);
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A random 32-byte secret, base64url (43 characters): reset and login tokens. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A random 6-digit code, zero-padded (spec §9 "Verification code length 6"). */
export function randomSixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
