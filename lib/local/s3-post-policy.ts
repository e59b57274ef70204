import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { postPolicySignature } from '../../lambdas/imports/adapters/s3-uploads';

/** The part of a Koa context (s3rver is a Koa app) the guard uses. */
interface KoaContext {
  req: IncomingMessage;
  request: { req: IncomingMessage };
  method: string;
  path: string;
  status: number;
  type: string;
  body: unknown;
  get(name: string): string;
  set(name: string, value: string): void;
}

/** A body bigger than this is refused before it is read whole (the largest upload limit + 1 MB). */
const MAX_BODY_BYTES = 501 * 1024 * 1024;

/** An S3 POST refusal: status, S3 error code and message. */
class PostRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const denied = (why: string) =>
  new PostRefused(403, 'AccessDenied', `Invalid according to Policy: ${why}`);

/** The body of a request, refused past `max` bytes. */
async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max)
    throw new PostRefused(
      400,
      'EntityTooLarge',
      'Your proposed upload exceeds the maximum allowed size',
    );
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max)
      throw new PostRefused(
        400,
        'EntityTooLarge',
        'Your proposed upload exceeds the maximum allowed size',
      );
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

type Condition = Record<string, string> | [string, string | number, string | number];

/**
 * Checks a browser POST the way S3 does (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html):
 * the policy's SigV4 signature, its expiration, every condition (exact fields, `starts-with`,
 * `content-length-range` on the file's size) and that no form field goes unchecked.
 * @throws PostRefused as S3 answers: 403 AccessDenied / SignatureDoesNotMatch, 400
 *   EntityTooLarge / EntityTooSmall.
 */
export function checkPostPolicy(opts: {
  bucket: string;
  fields: Map<string, string>;
  fileSize: number;
  secretAccessKey: string;
  now: Date;
}): void {
  const { fields } = opts;
  const policyText = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential') ?? '';
  if (!policyText || !signature) throw denied('Bucket POST must contain a policy and a signature.');
  const [, day = '', region = '', service = ''] = credential.split('/');
  const expected = postPolicySignature(policyText, opts.secretAccessKey, day, region, service);
  if (expected !== signature) {
    throw new PostRefused(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  const policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: Condition[];
  };
  if (Date.parse(policy.expiration) < opts.now.getTime()) throw denied('Policy expired.');
  const checked = new Set(['policy', 'x-amz-signature', 'file']);
  const value = (name: string) => (name === 'bucket' ? opts.bucket : (fields.get(name) ?? ''));
  for (const condition of policy.conditions) {
    if (!Array.isArray(condition)) {
      for (const [name, want] of Object.entries(condition)) {
        checked.add(name.toLowerCase());
        if (value(name.toLowerCase()) !== want)
          throw denied(`Policy Condition failed: ["eq", "$${name}", "${want}"]`);
      }
      continue;
    }
    const [op, a, b] = condition;
    if (op === 'content-length-range') {
      if (opts.fileSize > Number(b))
        throw new PostRefused(
          400,
          'EntityTooLarge',
          'Your proposed upload exceeds the maximum allowed size',
        );
      if (opts.fileSize < Number(a))
        throw new PostRefused(
          400,
          'EntityTooSmall',
          'Your proposed upload is smaller than the minimum allowed size',
        );
      continue;
    }
    const name = String(a).replace(/^\$/, '').toLowerCase();
    checked.add(name);
    const ok =
      op === 'eq' ? value(name) === b : op === 'starts-with' && value(name).startsWith(String(b));
    if (!ok) throw denied(`Policy Condition failed: ["${op}", "${a}", "${b}"]`);
  }
  const extra = [...fields.keys()].filter((name) => !checked.has(name));
  if (extra.length > 0) throw denied(`Extra input fields: ${extra.join(', ')}`);
}

/**
 * A Koa middleware for s3rver, which stores browser POSTs without reading their policy: POSTs
 * to `bucket` are checked as S3 checks them (checkPostPolicy) before s3rver sees them, so
 * locally, as in AWS, a file over the presigned size or with another key is refused and never
 * stored (and starts no import). Refusals are S3's XML errors, readable cross-origin.
 */
export function postPolicyGuard(opts: {
  bucket: string;
  secretAccessKey: string;
  now?: () => Date;
}) {
  return async (ctx: KoaContext, next: () => Promise<unknown>) => {
    const path = ctx.path.replace(/\/$/, '');
    if (ctx.method !== 'POST' || path !== `/${opts.bucket}`) return next();
    if (!ctx.get('content-type').startsWith('multipart/form-data')) return next();
    try {
      const body = await readBody(ctx.req, MAX_BODY_BYTES);
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': ctx.get('content-type') },
      }).formData();
      const fields = new Map<string, string>();
      let fileSize = 0;
      for (const [name, v] of form) {
        if (typeof v === 'string') fields.set(name.toLowerCase(), v);
        else if (name === 'file') fileSize = v.size;
      }
      checkPostPolicy({
        bucket: opts.bucket,
        fields,
        fileSize,
        secretAccessKey: opts.secretAccessKey,
        now: opts.now?.() ?? new Date(),
      });
      const replay = Object.assign(Readable.from([body]), {
        headers: ctx.req.headers,
        method: ctx.req.method,
        url: ctx.req.url,
        socket: ctx.req.socket,
        httpVersion: ctx.req.httpVersion,
      }) as unknown as IncomingMessage;
      ctx.req = replay;
      ctx.request.req = replay;
    } catch (error) {
      if (!(error instanceof PostRefused)) throw error;
      ctx.status = error.status;
      ctx.type = 'application/xml';
      const origin = ctx.get('origin');
      if (origin) ctx.set('Access-Control-Allow-Origin', origin);
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${error.message}</Message></Error>`;
      return undefined;
    }
    return next();
  };
}
