import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IdTokenVerifier } from '../../../../lambdas/accounts/adapters/id-token-verifier';

// A user pool of our own: an RSA key pair, its JWKS served on a random local port (http, like
// cognito-local), and ID tokens signed here.
const poolKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const CLIENT = 'client-1';
let server: Server;
let issuer: string;

beforeAll(async () => {
  const jwk = {
    ...poolKey.publicKey.export({ format: 'jwk' }),
    kid: 'k1',
    alg: 'RS256',
    use: 'sig',
  };
  server = createServer((req, res) => {
    if (req.url === '/pool-1/.well-known/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pool-1`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(payload: Record<string, unknown>, key: KeyObject = poolKey.privateKey): string {
  const head = `${b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${b64(payload)}`;
  const signature = createSign('RSA-SHA256').update(head).sign(key).toString('base64url');
  return `${head}.${signature}`;
}

function claims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: 'sub-1',
    iss: issuer,
    aud: CLIENT,
    token_use: 'id',
    email: 'Ada@Example.com',
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
}

describe('IdTokenVerifier', () => {
  test("accepts the pool's ID token and reads its claims", async () => {
    const verifier = new IdTokenVerifier(issuer, CLIENT);

    const out = await verifier.verify(sign(claims()));

    expect(out).toEqual({
      sub: 'sub-1',
      email: 'ada@example.com',
      emailVerified: true,
      givenName: 'Ada',
      familyName: 'Lovelace',
    });
  });

  test('refuses a tampered token (payload changed after signing)', async () => {
    const verifier = new IdTokenVerifier(issuer, CLIENT);
    const [head, , signature] = sign(claims()).split('.');
    const forged = `${head}.${b64(claims({ sub: 'admin' }))}.${signature}`;

    await expect(verifier.verify(forged)).rejects.toMatchObject({ status: 401 });
  });

  test.each([
    ['expired', () => sign(claims({ exp: Math.floor(Date.now() / 1000) - 60 }))],
    ['signed with another key', () => sign(claims(), otherKey.privateKey)],
    ['for another app client', () => sign(claims({ aud: 'client-2' }))],
    ['from another issuer', () => sign(claims({ iss: `${issuer}x` }))],
    ['an access token', () => sign(claims({ aud: undefined, token_use: 'access' }))],
    ['not a JWT', () => 'not-a-token'],
  ])('refuses a token %s', async (_case, make) => {
    const verifier = new IdTokenVerifier(issuer, CLIENT);

    await expect(verifier.verify(make())).rejects.toMatchObject({
      status: 401,
      code: 'unauthenticated',
    });
  });
});
