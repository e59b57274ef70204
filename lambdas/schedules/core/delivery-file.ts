import { z } from 'zod';
import { AppError } from '#shared/errors';
import { formatDateMDY } from '#shared/format';
import { readToken, signToken } from './signed-token';

/**
 * The download link of a delivered file (a PDF above the attachment limit, or its CSV): the
 * delivery e-mail and the delivery history carry `<APP_ORIGIN>/ss_rest/delivery_file?token=...`
 * rather than a presigned S3 URL, because a URL presigned by the delivery Lambda's role dies with
 * that role's session (hours), long before the 7 days promised. The token is signed with the
 * schedule link secret and names the object and when the link expires; the public route
 * answers each click with a fresh short presigned GET.
 */

/** Only delivered files can be opened through this route (the reports bucket's prefix). */
export const DELIVERY_FILES_PREFIX = 'schedules/';
/** How long the presigned GET the route redirects to works, in seconds (5 minutes). */
export const DELIVERY_FILE_REDIRECT_S = 300;
/** The public route's path under the web origin (CloudFront and the local gateway serve it). */
export const DELIVERY_FILE_PATH = '/ss_rest/delivery_file';

/** Said for a token that was not signed by us, was altered, or names another object. */
export const BAD_DELIVERY_LINK =
  'This download link is not valid. Use the link from the delivery e-mail as it was sent.';

/** What a delivery file token grants: one object, under one name, until one instant. */
export interface DeliveryFileClaim {
  /** Object key in the reports bucket, under DELIVERY_FILES_PREFIX. */
  key: string;
  /** File name the download is saved under, e.g. `acme-11-16-2026-to-11-22-2026.pdf`. */
  fileName: string;
  /** When the link stops working: Unix epoch seconds (UTC). */
  expiresAt: number;
}

/** Input of GET delivery_file. */
export const deliveryFileInputSchema = z.object({
  token: z
    .string({ error: 'token is required.' })
    .trim()
    .min(1, 'token is required.')
    .max(2000, 'token is not valid.'),
});

/** A key the route may serve: under the delivered files' prefix, no climbing out of it. */
const servable = (key: string) =>
  key.startsWith(DELIVERY_FILES_PREFIX) && !key.split('/').some((part) => part === '..');

/**
 * Signs a delivery file token (`<payload>.<mac>`, payload `{ f: key, n: fileName, x: expiresAt }`).
 * @throws Error when the key is outside DELIVERY_FILES_PREFIX or the secret is under 32
 *   characters (signed-token.ts).
 */
export function signDeliveryFileToken(secret: string, claim: DeliveryFileClaim): string {
  if (!servable(claim.key)) throw new Error(`Not a delivered file: ${claim.key}`);
  return signToken(secret, { f: claim.key, n: claim.fileName, x: claim.expiresAt });
}

/**
 * The link a delivery e-mail carries: `<origin>/ss_rest/delivery_file?token=...`.
 * @param origin the web app's origin (APP_ORIGIN), e.g. `https://app.example.com`.
 */
export function deliveryFileLink(origin: string, secret: string, claim: DeliveryFileClaim): string {
  const token = signDeliveryFileToken(secret, claim);
  return `${origin.replace(/\/+$/, '')}${DELIVERY_FILE_PATH}?token=${encodeURIComponent(token)}`;
}

/** Presigns a short GET of one object of the reports bucket (the S3 adapter). */
export interface DeliveryFileSigner {
  /** A presigned GET, valid `expiresS` seconds, that downloads the object as `fileName`. */
  presign(key: string, fileName: string, expiresS: number): Promise<string>;
}

/** Dependencies of {@link openDeliveryFile}. */
export interface OpenDeliveryFileDeps {
  /** The schedule link secret. */
  secret: string;
  signer: DeliveryFileSigner;
  now: () => Date;
}

/**
 * GET delivery_file (public; the link of a delivered file): checks the token and answers where
 * to fetch the object now, a presigned GET valid DELIVERY_FILE_REDIRECT_S.
 * @returns `{ location }`, the URL the route redirects to (302).
 * @throws AppError 403 `link_invalid` (BAD_DELIVERY_LINK) for a forged or altered token or one
 *   naming an object outside DELIVERY_FILES_PREFIX; AppError 410 `link_expired` once the token's
 *   7 days are over, saying the date it stopped working.
 */
export async function openDeliveryFile(
  deps: OpenDeliveryFileDeps,
  token: string,
): Promise<{ location: string }> {
  const json = readToken(deps.secret, token);
  const { f: key, n: fileName, x: expiresAt } = json ?? {};
  if (
    typeof key !== 'string' ||
    typeof fileName !== 'string' ||
    typeof expiresAt !== 'number' ||
    !servable(key)
  ) {
    throw new AppError(BAD_DELIVERY_LINK, 'link_invalid', 403);
  }
  if (deps.now().getTime() >= expiresAt * 1000) {
    const day = formatDateMDY(new Date(expiresAt * 1000).toISOString());
    throw new AppError(
      `This download link expired on ${day}. Ask the sender for a new delivery.`,
      'link_expired',
      410,
    );
  }
  return { location: await deps.signer.presign(key, fileName, DELIVERY_FILE_REDIRECT_S) };
}
