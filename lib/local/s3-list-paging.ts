/** The part of a Koa context (s3rver is a Koa app) the paging middleware uses. */
interface KoaContext {
  method: string;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
}

const TOKEN_PREFIX = 'ao1:';
const XML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
  '&#x27;': "'",
  '&#39;': "'",
};

/** A continuation token naming the last key of a page (opaque to clients, as S3's). */
export const continuationToken = (lastKey: string) =>
  Buffer.from(`${TOKEN_PREFIX}${lastKey}`).toString('base64url');

/** The key a token names, or null when it is not one of ours. */
function keyOf(token: string): string | null {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  return text.startsWith(TOKEN_PREFIX) ? text.slice(TOKEN_PREFIX.length) : null;
}

const unescapeXml = (s: string) =>
  s.replace(/&(?:amp|lt|gt|quot|apos|#x27|#39);/g, (e) => XML_ENTITIES[e] ?? e);

/**
 * ListObjectsV2 paging for s3rver@3.7.1, whose continuation tokens are DES-encrypted: Node's
 * OpenSSL 3 has no DES, so every truncated V2 listing (more than 1,000 keys, e.g. 14 months of
 * visits partitions in a few generations) answered 500. This serves a V2 listing through
 * s3rver's V1 listing (marker = the key after which to start) and answers in V2's shape:
 * `KeyCount`, and when truncated a `NextContinuationToken` naming the page's last key, which
 * the next request's `continuation-token` turns back into the marker. Other requests pass.
 * Put it before s3rver's own middleware (it reads the XML s3rver wrote).
 */
export function listV2Paging() {
  return async (ctx: KoaContext, next: () => Promise<unknown>) => {
    if (ctx.method !== 'GET' || ctx.query['list-type'] !== '2') return next();
    const {
      'list-type': _v2,
      'continuation-token': token,
      'start-after': after,
      ...rest
    } = ctx.query;
    const marker = typeof token === 'string' && token ? keyOf(token) : after;
    ctx.query = { ...rest, ...(typeof marker === 'string' && marker ? { marker } : {}) };
    await next();
    if (typeof ctx.body !== 'string' || !ctx.body.includes('<ListBucketResult')) return;
    const keys = [...ctx.body.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1] ?? '');
    const truncated = /<IsTruncated>true<\/IsTruncated>/.test(ctx.body);
    const last = keys.at(-1);
    const extra = [
      `<KeyCount>${keys.length}</KeyCount>`,
      truncated && last !== undefined
        ? `<NextContinuationToken>${continuationToken(unescapeXml(last))}</NextContinuationToken>`
        : '',
      typeof token === 'string' && token ? `<ContinuationToken>${token}</ContinuationToken>` : '',
    ].join('');
    ctx.body = ctx.body
      .replace(/<Marker>[^<]*<\/Marker>|<Marker\/>/, '')
      .replace('</ListBucketResult>', `${extra}</ListBucketResult>`);
  };
}
