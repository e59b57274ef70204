import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { JwtAuthorizer } from './local-auth';

/** Content types API Gateway passes as text; anything else arrives base64-encoded. */
const TEXT_TYPES =
  /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)|[^;]*\+json)/i;

/**
 * Builds the API Gateway HTTP API payload v2.0 event for a request (what the Lambda receives
 * in AWS): lower-cased headers (repeated ones comma-joined, cookies split out), raw and parsed
 * query string (repeated keys comma-joined), body as text or base64, requestContext with
 * method, path, source IP and user agent, and the authorizer when the route has one.
 */
export function apiEvent(args: {
  req: IncomingMessage;
  routeKey: string;
  body: Buffer;
  authorizer: JwtAuthorizer | undefined;
}): APIGatewayProxyEventV2 {
  const { req, routeKey, body } = args;
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headersDistinct)) {
    if (!value) continue;
    if (name === 'cookie') cookies = value.flatMap((v) => v.split(/;\s*/)).filter(Boolean);
    else headers[name] = value.join(',');
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    query[key] = key in query ? `${query[key]},${value}` : value;
  }
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || contentType === '' || TEXT_TYPES.test(contentType);
  const now = Date.now();
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      ...(args.authorizer ? { authorizer: args.authorizer } : {}),
    } as APIGatewayProxyEventV2['requestContext'],
    ...(body.length > 0 ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}
