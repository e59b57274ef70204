import { describe, expect, test } from 'vitest';
import { scheduleInputSchema } from '#shared/contracts/schedules.schema';
import { ValidationError } from '#shared/errors';
import { createSchedule } from '../../../../lambdas/schedules/core/schedules';
import { unsubscribe } from '../../../../lambdas/schedules/core/unsubscribe';
import {
  signUnsubscribeToken,
  unsubscribeLink,
  verifyUnsubscribeToken,
} from '../../../../lambdas/schedules/core/unsubscribe-token';
import { alice } from '../../reports/fakes';
import { scheduleWorld, weeklyInput } from '../schedule-fakes';

const SECRET = 'k'.repeat(40);
const claim = { client_uid: 'client-a', schedule_id: 'sched-1', email: 'boss@acme.example' };

async function world(recipients = ['boss@acme.example', 'cfo@acme.example']) {
  const w = await scheduleWorld();
  await createSchedule(w, alice, scheduleInputSchema.parse(weeklyInput({ recipients })));
  return { ...w, secret: SECRET };
}

describe('the unsubscribe token', () => {
  test('round-trips the schedule, its client and the address', () => {
    expect(verifyUnsubscribeToken(SECRET, signUnsubscribeToken(SECRET, claim))).toEqual(claim);
  });

  test.each([
    ['another address swapped into the payload', (t: string) => swapPayload(t, 'ceo@acme.example')],
    ['a changed signature', (t: string) => `${t.slice(0, -2)}${t.endsWith('AA') ? 'BB' : 'AA'}`],
    ['no signature', (t: string) => t.split('.')[0] ?? ''],
    ['an extra part', (t: string) => `${t}.x`],
    ['garbage', () => 'not-a-token'],
  ])('refuses %s', (_what, tamper) => {
    expect(verifyUnsubscribeToken(SECRET, tamper(signUnsubscribeToken(SECRET, claim)))).toBeNull();
  });

  test('a token signed with another secret is refused', () => {
    const forged = signUnsubscribeToken('x'.repeat(40), claim);

    expect(verifyUnsubscribeToken(SECRET, forged)).toBeNull();
  });

  test('a short secret is refused when signing', () => {
    expect(() => signUnsubscribeToken('short', claim)).toThrow(/32\+ characters/);
  });

  test('the link points at the web page with the token escaped for a URL', () => {
    const link = unsubscribeLink('https://app.example.com/', SECRET, claim, claim.email);

    // The public site's page (web/src/site/site-routes.tsx), not one inside the signed-in app.
    expect(link.startsWith('https://app.example.com/unsubscribe?token=')).toBe(true);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual(claim);
  });
});

function swapPayload(token: string, email: string): string {
  const [, mac] = token.split('.');
  const payload = Buffer.from(JSON.stringify({ c: 'client-a', s: 'sched-1', e: email })).toString(
    'base64url',
  );
  return `${payload}.${mac}`;
}

describe('schedule_unsubscribe', () => {
  test('removes only that address; the schedule keeps sending to the others', async () => {
    const w = await world();

    const out = await unsubscribe(w, signUnsubscribeToken(SECRET, claim));

    expect(out).toEqual({ unsubscribed: true, email: 'boss@acme.example' });
    const s = await w.schedules.getSchedule('client-a', 'sched-1');
    expect(s?.recipients).toEqual(['cfo@acme.example']);
    expect(s?.paused).toBe(false);
  });

  test('the last address leaving pauses the schedule and its trigger', async () => {
    const w = await world(['boss@acme.example']);

    await unsubscribe(w, signUnsubscribeToken(SECRET, claim));

    const s = await w.schedules.getSchedule('client-a', 'sched-1');
    expect(s).toMatchObject({ recipients: [], paused: true });
    expect(w.triggers.armed.get('sched-1')?.paused).toBe(true);
  });

  test('a second click, or a deleted schedule, still confirms', async () => {
    const w = await world();
    const token = signUnsubscribeToken(SECRET, claim);
    await unsubscribe(w, token);

    const again = await unsubscribe(w, token);
    await w.schedules.deleteSchedule('client-a', 'sched-1');
    const gone = await unsubscribe(w, token);

    expect(again.unsubscribed).toBe(true);
    expect(gone.unsubscribed).toBe(true);
  });

  test('a tampered token removes nobody and is refused naming the token', async () => {
    const w = await world();

    const attempt = unsubscribe(
      w,
      swapPayload(signUnsubscribeToken(SECRET, claim), 'cfo@acme.example'),
    );

    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toMatchObject({ field: 'token' });
    expect((await w.schedules.getSchedule('client-a', 'sched-1'))?.recipients).toEqual([
      'boss@acme.example',
      'cfo@acme.example',
    ]);
  });
});
