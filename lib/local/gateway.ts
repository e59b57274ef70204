import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { BrandId } from '#shared/brands';
import { ROUTES, type RouteDef } from '#shared/routes';
import { apiEvent } from './api-event';
import { loadHandler } from './handler-loader';
import { lambdaContext } from './lambda-context';
import type { LocalAuthorizer } from './local-auth';
import { closeServer, listen, newHttpServer } from './net';
import { serveStatic, WEB_DIST } from './static-files';

/** Path prefix of the HTTP API (everything else is the web app). */
export const API_PREFIX = '/ss_rest/';

/** API Gateway's payload limit, in bytes. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Options of the local gateway. */
export interface GatewayOptions {
  /** 0 = any free port. */
  port: number;
  /** When `port` is taken, listen on any free port instead of failing. @default false */
  fallbackPort?: boolean;
  /**
   * Serve this brand's site whatever the Host header says (the ratings site's second port,
   * RATINGS_PORT). @default the brand of each request's Host header (layers/shared/brands.ts)
   */
  brand?: BrandId;
  /** @default ROUTES (layers/shared/routes.ts) */
  routes?: readonly RouteDef[];
  /** Built web app to serve. @default web/dist */
  webDir?: string;
  /** Checks the caller's token on private routes (jwtAuthorizer over the local user pool). */
  authorize: LocalAuthorizer;
  /** Other same-origin services by path prefix, e.g. `/_cognito` (the Cognito proxy). */
  mounts?: Record<string, (req: IncomingMessage, res: ServerResponse) => void>;
  log: (line: string) => void;
}

/** The running gateway; it answers 503 until `open()` (the stack is still starting). */
export interface LocalGateway {
  url: string;
  port: number;
  open(): void;
  stop(): Promise<void>;
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, JSON_HEADERS);
  res.end(JSON.stringify(body));
}

/**
 * The local API Gateway: maps every route of the registry to its Lambda handler with HTTP API
 * payload v2.0 events (the handler modules AWS runs, imported once on first use), signs private
 * routes in through `authorize`, answers unknown /ss_rest paths with the 404 envelope, and
 * serves the web app for everything else.
 */
export async function startGateway(opts: GatewayOptions): Promise<LocalGateway> {
  const routes = opts.routes ?? ROUTES;
  const authorize = opts.authorize;
  let accepting = false;
  const server: Server = newHttpServer((req, res) => {
    if (!accepting) {
      sendJson(res, 503, {
        success: false,
        message: 'AnalyticOwl is starting.',
        error: { code: 'starting', message: 'AnalyticOwl is starting.' },
      });
      return;
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const mount = Object.entries(opts.mounts ?? {}).find(([prefix]) => path.startsWith(prefix));
    if (mount) {
      mount[1](req, res);
    } else if (path.startsWith(API_PREFIX) || path === API_PREFIX.slice(0, -1)) {
      void handleApi(req, res, path, routes, authorize, opts.log);
    } else {
      serveStatic(opts.webDir ?? WEB_DIST, req, res, opts.brand ? { brand: opts.brand } : {});
    }
  });
  const port = await listen(server, opts.port, opts.fallbackPort ?? false);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    open: () => {
      accepting = true;
    },
    stop: () => closeServer(server),
  };
}

async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  routes: readonly RouteDef[],
  authorize: LocalAuthorizer,
  log: (line: string) => void,
) {
  const started = Date.now();
  const route = routes.find((r) => r.path === path && r.method === req.method);
  if (!route) {
    const message = `No route for ${req.method} ${path}.`;
    sendJson(res, 404, { success: false, message, error: { code: 'not_found', message } });
    return;
  }
  try {
    const body = await readBody(req);
    if (body === null) {
      sendJson(res, 413, { message: 'Request Entity Too Large' });
      return;
    }
    const routeKey = `${route.method} ${route.path}`;
    const authorizer = await authorize(req, route.auth);
    if (authorizer === 'unauthorized') {
      // What API Gateway's JWT authorizer answers, before any Lambda runs.
      sendJson(res, 401, { message: 'Unauthorized' });
      return;
    }
    const event = apiEvent({ req, routeKey, body, authorizer });
    const handler = await loadHandler(route.handler);
    const result = await handler(event, lambdaContext(route.name, route.timeoutS ?? 29));
    writeResult(res, result);
    // Quiet for the report screen's polling: writes, errors and slow calls only.
    const ms = Date.now() - started;
    if (route.method !== 'GET' || res.statusCode >= 400 || ms > 1000) {
      log(`${routeKey} ${res.statusCode} ${ms}ms`);
    }
  } catch (error) {
    // What API Gateway answers when the Lambda itself fails.
    log(`${req.method} ${path} crashed: ${(error as Error).stack ?? String(error)}`);
    if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
    else res.end();
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Writes a Lambda result as API Gateway does for payload v2.0: a structured result (with
 * statusCode) as given, anything else as a 200 JSON body.
 */
export function writeResult(res: ServerResponse, result: unknown): void {
  const structured =
    result !== null && typeof result === 'object' && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : {
          statusCode: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(result ?? null),
        };
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const body = structured.body ?? '';
  const bytes = structured.isBase64Encoded
    ? Buffer.from(body, 'base64')
    : Buffer.from(body, 'utf8');
  headers['content-length'] = String(bytes.length);
  res.writeHead(structured.statusCode ?? 200, headers);
  res.end(bytes);
}
