import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RouteDef } from '#shared/routes';
import { type LocalGateway, startGateway } from '../../../lib/local/gateway';
import { jwtAuthorizer } from '../../../lib/local/local-auth';
import { idClaims, testSigner } from '../../support/jwt';
import { callsOf } from '../support/calls';

const routes: RouteDef[] = [
  {
    name: 'echo',
    method: 'POST',
    path: '/ss_rest/echo',
    handler: 'test/integration/support/echo.handler.ts',
    auth: 'user',
    access: [],
  },
  {
    name: 'open_echo',
    method: 'GET',
    path: '/ss_rest/open_echo',
    handler: 'test/integration/support/echo.handler.ts',
    auth: 'public',
    access: [],
  },
  {
    name: 'crash',
    method: 'GET',
    path: '/ss_rest/crash',
    handler: 'test/integration/support/crash.handler.ts',
    auth: 'user',
    access: [],
  },
];

const ISSUER = 'http://127.0.0.1:9/local_pool';
const CLIENT_ID = 'web-client';
const signer = testSigner();
const goodToken = signer.sign(idClaims(ISSUER, CLIENT_ID, { 'cognito:groups': ['staff'] }));
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let gateway: LocalGateway;
let webDir: string;
const lastEcho = () => callsOf<APIGatewayProxyEventV2WithJWTAuthorizer>('echo').at(-1)!;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'ao-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>AnalyticOwl</title>');
  writeFileSync(join(webDir, 'ss.html'), '<!doctype html><title>Reports - AnalyticOwl</title>');
  writeFileSync(join(webDir, 'assets', 'app-1a2b.js'), 'console.log(1);');
  gateway = await startGateway({
    port: 0,
    routes,
    webDir,
    log: () => {},
    authorize: jwtAuthorizer({ issuer: ISSUER, clientId: CLIENT_ID, jwks: signer.jwks }),
  });
  gateway.open();
});

afterAll(async () => {
  await gateway.stop();
  rmSync(webDir, { recursive: true, force: true });
});

describe('API routes', () => {
  test('a POST reaches its handler as an HTTP API v2 event with the verified token claims', async () => {
    const res = await fetch(`${gateway.url}/ss_rest/echo?client_uid=c1&tag=a&tag=b`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Trace': 'T1', ...bearer(goodToken) },
      body: JSON.stringify({ window: 8 }),
    });

    expect(res.status).toBe(201);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(await res.json()).toEqual({ routeKey: 'POST /ss_rest/echo', rawPath: '/ss_rest/echo' });
    const event = lastEcho();
    expect(event.version).toBe('2.0');
    expect(event.rawQueryString).toBe('client_uid=c1&tag=a&tag=b');
    expect(event.queryStringParameters).toEqual({ client_uid: 'c1', tag: 'a,b' });
    expect(event.headers['x-trace']).toBe('T1');
    expect(event.body).toBe('{"window":8}');
    expect(event.isBase64Encoded).toBe(false);
    expect(event.requestContext.http).toMatchObject({
      method: 'POST',
      path: '/ss_rest/echo',
      sourceIp: '127.0.0.1',
    });
    expect(event.requestContext.stage).toBe('$default');
    expect(event.requestContext.authorizer.jwt.claims).toMatchObject({
      sub: 'user-1',
      email: 'ann@example.com',
      'cognito:groups': ['staff'],
    });
  });

  test.each([
    ['no token', undefined],
    ['an expired token', signer.sign(idClaims(ISSUER, CLIENT_ID, { exp: 1_000_000 }))],
    [
      'a tampered token',
      `${goodToken.slice(0, goodToken.lastIndexOf('.') - 4)}AAAA${goodToken.slice(goodToken.lastIndexOf('.'))}`,
    ],
    ['a token for another app client', signer.sign(idClaims(ISSUER, 'other-client'))],
    ['a token from another issuer', signer.sign(idClaims('http://evil.example/pool', CLIENT_ID))],
    [
      'an access token instead of an ID token',
      signer.sign(idClaims(ISSUER, CLIENT_ID, { token_use: 'access' })),
    ],
    ['a token signed by another key', testSigner().sign(idClaims(ISSUER, CLIENT_ID))],
  ])('a private route refuses %s with 401 before any handler runs', async (_what, token) => {
    const before = callsOf('echo').length;
    const res = await fetch(`${gateway.url}/ss_rest/echo`, {
      method: 'POST',
      headers: token ? bearer(token) : {},
      body: '{}',
    });

    expect(res.status).toBe(401);
    expect(callsOf('echo').length).toBe(before);
  });

  test('a public route gets no authorizer, like API Gateway without a JWT authorizer', async () => {
    await fetch(`${gateway.url}/ss_rest/open_echo`);

    expect(lastEcho().routeKey).toBe('GET /ss_rest/open_echo');
    expect(lastEcho().requestContext.authorizer).toBeUndefined();
  });

  test('a binary body arrives base64-encoded', async () => {
    const bytes = Buffer.from([0, 1, 2, 250]);

    await fetch(`${gateway.url}/ss_rest/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', ...bearer(goodToken) },
      body: bytes,
    });

    expect(lastEcho().isBase64Encoded).toBe(true);
    expect(Buffer.from(lastEcho().body!, 'base64')).toEqual(bytes);
  });

  test('an unknown API path or wrong method answers the 404 envelope', async () => {
    const unknown = await fetch(`${gateway.url}/ss_rest/nope`, { method: 'POST' });
    const wrongMethod = await fetch(`${gateway.url}/ss_rest/echo`);

    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
    expect(wrongMethod.status).toBe(404);
  });

  test('a crashing handler answers 500 without leaking its message', async () => {
    const res = await fetch(`${gateway.url}/ss_rest/crash`, { headers: bearer(goodToken) });

    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('secret detail');
  });
});

describe('web app', () => {
  test('hashed assets are served with their content type and a one-year cache', async () => {
    const res = await fetch(`${gateway.url}/assets/app-1a2b.js`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
    expect(await res.text()).toBe('console.log(1);');
  });

  test('a deep link gets its application’s page so that app’s router can show it', async () => {
    const report = await fetch(`${gateway.url}/ss/reports/abc`);
    const site = await fetch(`${gateway.url}/products`);

    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await report.text()).toContain('<title>Reports - AnalyticOwl</title>');
    expect(await site.text()).toContain('<title>AnalyticOwl</title>');
  });

  test('a missing file with an extension is a 404, and paths cannot leave the web folder', async () => {
    const missing = await fetch(`${gateway.url}/assets/gone.js`);
    const outside = await fetch(`${gateway.url}/..%2f..%2fetc%2fpasswd.txt`);

    expect(missing.status).toBe(404);
    expect(outside.status).toBe(404);
  });
});
