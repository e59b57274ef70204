import { z } from 'zod';

/**
 * The landing lookup's preview and the client it promises (spec §2 "Landing page": the lookup
 * submits type, url, industry and market to /ss/). A visitor's registration from the preview
 * carries a pending client; the account creates it once its e-mail is verified. One module for
 * the browser (reading the address) and the Lambdas (checking the registration).
 */

/**
 * A host name: dot-separated labels of ASCII letters or digits (hyphens only inside a label),
 * ending in a top-level domain of 2+ letters. No scheme, port, path or trailing dot.
 */
export const LOOKUP_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/** Host names are at most 253 characters (RFC 1035). */
export const HOST_MAX = 253;

/** The text of a refused website (the note on the preview and the server's field message). */
export const HOST_MESSAGE = 'Enter a website host name like example.com (no https:// or path).';

/**
 * The host of a lookup's `url`, lower-case, or null when it is not a host name. A leading
 * scheme and one trailing `/` are tolerated (what a browser's address bar copies).
 */
export function lookupHost(text: string | null | undefined): string | null {
  const host = (text ?? '')
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\/$/, '');
  return host.length <= HOST_MAX && LOOKUP_HOST.test(host) ? host.toLowerCase() : null;
}

/**
 * The advertiser a registration from the preview asks to be created once the e-mail is verified:
 * `website` a host name (lower-case), `industry_id` an IAB ad-product id, `market` a 3-digit DMA
 * code (null = all industries / nationwide). The server also checks that the industry and the
 * market exist (lambdas/accounts/core/pending-client.ts).
 */
export const pendingClientSchema = z.object({
  website: z
    .string({ error: HOST_MESSAGE })
    .trim()
    .max(HOST_MAX, HOST_MESSAGE)
    .regex(LOOKUP_HOST, HOST_MESSAGE)
    .transform((v) => v.toLowerCase()),
  industry_id: z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, 'Pick an industry from the list.')
    .nullable()
    .optional()
    .transform((v) => v || null),
  market: z
    .string()
    .regex(/^\d{3}$/, 'Pick a market from the list.')
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type PendingClientInput = z.input<typeof pendingClientSchema>;

/** A pending client as stored on the account's profile until it is created. */
export interface PendingClient {
  /** Host name, lower-case (the client's website and, without `www.`, its name). */
  website: string;
  /** IAB ad-product id; null = none chosen. */
  industry_id: string | null;
  /** 3-digit DMA code; null = nationwide. */
  market: string | null;
}

/** The client's name for a website: its host without a leading `www.` (e.g. `example.com`). */
export function clientNameOfHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}
