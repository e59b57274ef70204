import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { JsonText } from '#shared/http/envelope';
import type { HttpHandler } from '#shared/http/route-handler';

/**
 * Does an Accept-Encoding header value accept gzip (RFC 9110 §12.5.3: `gzip` or `*`, with a
 * q-value above 0)?
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.toLowerCase().split(',')) {
    const [coding, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (coding === 'gzip') return weight > 0;
    if (coding === '*') star = weight > 0;
  }
  return star;
}

/**
 * Large report answers (get_report, fetch_drilldowns) sent gzip-compressed to callers that
 * accept it, compressed once per kept answer. A report view of a 50,000-airing report is about
 * 155 KB of JSON and 35 KB gzipped; compressing it afresh on every request would cost a few
 * milliseconds, and sending it uncompressed costs a phone on 4G most of the time it takes to
 * show the report. API Gateway HTTP APIs do not compress, so the Lambda does.
 *
 * How: the route's run hands its answer to {@link answer} (the JsonText, kept by the warm
 * container's answer caches); {@link wrap} then sends the route's 200 envelope gzipped
 * (base64 in the Lambda result, `content-encoding: gzip`, `vary: accept-encoding`) when the
 * request's Accept-Encoding allows it. The compressed envelope is kept beside that JsonText
 * (weakly: it goes when the answer leaves its cache), so each kept answer is compressed once.
 * Errors, and requests that do not accept gzip, get the route's response unchanged. Nothing
 * about who may read what changes: only an answer the route has just built or looked up for this
 * request is compressed, and the kept bytes are those of that same answer.
 */
export class GzipAnswers {
  private readonly ofRequest = new WeakMap<APIGatewayProxyEventV2, JsonText>();
  private readonly compressed = new WeakMap<JsonText, { length: number; base64: string }>();

  /** Records `text` as the answer of the request `event`; returns it unchanged. */
  answer(event: APIGatewayProxyEventV2, text: JsonText): JsonText {
    this.ofRequest.set(event, text);
    return text;
  }

  /** `route` whose recorded answers are sent gzipped to callers that accept gzip. */
  wrap(route: HttpHandler): HttpHandler {
    return async (event, context) => {
      const result = await route(event, context);
      const text = this.ofRequest.get(event);
      this.ofRequest.delete(event);
      if (!text || result.statusCode !== 200 || result.isBase64Encoded) return result;
      if (typeof result.body !== 'string' || !acceptsGzip(event.headers?.['accept-encoding']))
        return result;
      return this.gzipped(text, result as APIGatewayProxyStructuredResultV2 & { body: string });
    };
  }

  private gzipped(
    text: JsonText,
    result: APIGatewayProxyStructuredResultV2 & { body: string },
  ): APIGatewayProxyStructuredResultV2 {
    let kept = this.compressed.get(text);
    // The envelope is a pure function of the answer (ok() around this JsonText), so the bytes
    // kept for it are its bytes; its length is checked all the same (O(1), where comparing the
    // text would copy and read all of it on every request).
    if (kept?.length !== result.body.length) {
      kept = { length: result.body.length, base64: gzipSync(result.body).toString('base64') };
      this.compressed.set(text, kept);
    }
    return {
      ...result,
      headers: { ...result.headers, 'content-encoding': 'gzip', vary: 'accept-encoding' },
      body: kept.base64,
      isBase64Encoded: true,
    };
  }
}
