import { describe, expect, test } from 'vitest';
import { scheduleInputSchema } from '#shared/contracts/schedules.schema';
import { createSchedule } from '../../../../lambdas/schedules/core/schedules';
import { signUnsubscribeToken } from '../../../../lambdas/schedules/core/unsubscribe-token';
import { makeHandler } from '../../../../lambdas/schedules/handlers/schedule-unsubscribe.handler';
import { alice } from '../../reports/fakes';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';
import { scheduleWorld, weeklyInput } from '../schedule-fakes';

const SECRET = 's'.repeat(48);

describe('GET schedule_unsubscribe', () => {
  test('works signed out from the e-mail link, and a tampered token is 400 naming the token', async () => {
    const world = await scheduleWorld();
    await createSchedule(world, alice, scheduleInputSchema.parse(weeklyInput()));
    const handler = makeHandler(() => ({ ...world, secret: async () => SECRET }));
    const token = signUnsubscribeToken(SECRET, {
      client_uid: 'client-a',
      schedule_id: 'sched-1',
      email: 'boss@acme.example',
    });
    const get = (t: string) =>
      handler(
        httpEvent({ method: 'GET', path: '/ss_rest/schedule_unsubscribe', query: { token: t } }),
        lambdaContext,
      );

    const tampered = await get(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    const ok = await get(token);

    expect(tampered.statusCode).toBe(400);
    expect(envelope(tampered).error).toMatchObject({ field: 'token' });
    expect(ok.statusCode).toBe(200);
    expect(envelope(ok).result).toEqual({ unsubscribed: true, email: 'boss@acme.example' });
    expect((await world.schedules.getSchedule('client-a', 'sched-1'))?.recipients).toEqual([]);
  });
});
