import { describe, expect, test } from 'vitest';
import { RouteLinkedDeliveryFiles } from '../../../../lambdas/schedules/adapters/delivery-file-links';
import {
  BAD_DELIVERY_LINK,
  DELIVERY_FILE_REDIRECT_S,
  deliveryFileLink,
  openDeliveryFile,
  signDeliveryFileToken,
} from '../../../../lambdas/schedules/core/delivery-file';
import { signToken } from '../../../../lambdas/schedules/core/signed-token';
import { signUnsubscribeToken } from '../../../../lambdas/schedules/core/unsubscribe-token';
import { makeHandler } from '../../../../lambdas/schedules/handlers/delivery-file.handler';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';

const SECRET = 's'.repeat(48);
const SENT = new Date('2026-11-23T14:00:00Z');
const KEY = 'schedules/client-a/sched-1/2026-11-16_2026-11-22.pdf';
const WEEK_S = 7 * 86400;
const claim = {
  key: KEY,
  fileName: 'acme-11-16-2026-to-11-22-2026.pdf',
  expiresAt: SENT.getTime() / 1000 + WEEK_S,
};

/** A signer that says what it was asked to presign. */
const signer = {
  presign: async (key: string, fileName: string, expiresS: number) =>
    `https://bucket.example/${key}?name=${fileName}&expires=${expiresS}`,
};
const open = (token: string, now: Date) =>
  openDeliveryFile({ secret: SECRET, signer, now: () => now }, token);

describe('delivery file links', () => {
  test('a link of the delivery opens a fresh 5-minute presigned GET of its object until its 7 days are over', async () => {
    const token = signDeliveryFileToken(SECRET, claim);
    const sixDaysLater = new Date(SENT.getTime() + 6 * 86400 * 1000);

    const { location } = await open(token, sixDaysLater);

    expect(DELIVERY_FILE_REDIRECT_S).toBe(300);
    expect(location).toBe(
      `https://bucket.example/${KEY}?name=acme-11-16-2026-to-11-22-2026.pdf&expires=300`,
    );
  });

  test('an expired link is 410 saying the day it stopped working', async () => {
    const token = signDeliveryFileToken(SECRET, claim);
    const late = new Date(SENT.getTime() + WEEK_S * 1000);

    await expect(open(token, late)).rejects.toMatchObject({
      status: 410,
      code: 'link_expired',
      message: 'This download link expired on 11/30/2026. Ask the sender for a new delivery.',
    });
  });

  test('a tampered, foreign or other-kind token is 403, never a file', async () => {
    const token = signDeliveryFileToken(SECRET, claim);
    const [, mac] = token.split('.');
    // The same mac on a payload naming another client's file.
    const otherKey = Buffer.from(
      JSON.stringify({ f: 'schedules/client-b/s/x.pdf', n: 'x.pdf', x: claim.expiresAt }),
    ).toString('base64url');
    // A longer life for the same file.
    const longer = Buffer.from(
      JSON.stringify({ f: KEY, n: claim.fileName, x: claim.expiresAt + 365 * 86400 }),
    ).toString('base64url');
    const refused = [
      `${otherKey}.${mac}`,
      `${longer}.${mac}`,
      signDeliveryFileToken('t'.repeat(48), claim),
      signUnsubscribeToken(SECRET, {
        client_uid: 'client-a',
        schedule_id: 'sched-1',
        email: 'a@b.c',
      }),
      'walk.forged',
    ];

    for (const t of refused) {
      await expect(open(t, SENT)).rejects.toMatchObject({
        status: 403,
        code: 'link_invalid',
        message: BAD_DELIVERY_LINK,
      });
    }
  });

  test('only objects under schedules/ are served, even with a good signature', async () => {
    const outside = [
      'reports/client-a/r-1/report.json',
      'schedules/../reports/client-a/r-1/report.json',
    ];

    for (const f of outside) {
      const token = signToken(SECRET, { f, n: 'x.pdf', x: claim.expiresAt });
      await expect(open(token, SENT)).rejects.toMatchObject({ status: 403 });
      expect(() => signDeliveryFileToken(SECRET, { ...claim, key: f })).toThrow(
        /Not a delivered file/,
      );
    }
  });

  test('the delivery e-mail and history carry the web origin route, not a presigned S3 URL', async () => {
    const stored: string[] = [];
    const files = new RouteLinkedDeliveryFiles(
      { put: async (key) => void stored.push(key) },
      () => 'https://app.example.com/',
      async () => SECRET,
      () => SENT,
    );

    await files.put(KEY, new Uint8Array([1]), 'application/pdf');
    const link = await files.link(KEY, claim.fileName, WEEK_S);

    expect(stored).toEqual([KEY]);
    expect(link).toBe(deliveryFileLink('https://app.example.com', SECRET, claim));
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('https://app.example.com/ss_rest/delivery_file');
    await expect(open(url.searchParams.get('token') ?? '', SENT)).resolves.toMatchObject({
      location: expect.stringContaining(KEY),
    });
  });
});

describe('GET delivery_file', () => {
  const handler = makeHandler(() => ({ secret: async () => SECRET, signer, now: () => SENT }));
  const get = (token: string) =>
    handler(
      httpEvent({ method: 'GET', path: '/ss_rest/delivery_file', query: { token } }),
      lambdaContext,
    );

  test('answers 302 to the fresh presigned GET, uncached, signed out', async () => {
    const res = await get(signDeliveryFileToken(SECRET, claim));

    expect(res.statusCode).toBe(302);
    expect(res.headers).toMatchObject({
      location: `https://bucket.example/${KEY}?name=acme-11-16-2026-to-11-22-2026.pdf&expires=300`,
      'cache-control': 'no-store',
    });
  });

  test('a forged token answers 403 with the message as JSON', async () => {
    const res = await get('walk.forged');

    expect(res.statusCode).toBe(403);
    expect(envelope(res).error).toMatchObject({ code: 'link_invalid', message: BAD_DELIVERY_LINK });
  });
});
