import { describe, expect, test } from 'vitest';
import type { Delivery, Schedule } from '#shared/contracts/schedules.schema';
import { makeHandler as createSchedule } from '../../../../lambdas/schedules/handlers/create-schedule.handler';
import { makeHandler as scheduleDeliveries } from '../../../../lambdas/schedules/handlers/schedule-deliveries.handler';
import { makeHandler as updateSchedule } from '../../../../lambdas/schedules/handlers/update-schedule.handler';
import { fakeAuthenticators } from '../../../support/authenticators';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';
import { type ScheduleWorld, scheduleWorld, weeklyInput } from '../schedule-fakes';

const post = (name: string, sub: string | undefined, body: unknown, groups?: string[]) =>
  httpEvent({ method: 'POST', path: `/ss_rest/${name}`, sub, body, groups });

type Listing = { client_info: { report_schedules: Schedule[] } };
const schedulesIn = (res: { body?: string }) =>
  (envelope(res).result as { result: Listing }).result.client_info.report_schedules;

async function create(world: ScheduleWorld, sub: string, body: unknown, groups?: string[]) {
  return createSchedule(() => world)(post('create_schedule', sub, body, groups), lambdaContext);
}
async function update(world: ScheduleWorld, sub: string, body: unknown) {
  return updateSchedule(() => world)(post('update_schedule', sub, body), lambdaContext);
}

describe('create_schedule', () => {
  test('stores a weekly schedule owned by the caller, arms its trigger and lists it with its next run', async () => {
    const world = await scheduleWorld();

    const res = await create(world, 'alice', weeklyInput());

    expect(res.statusCode).toBe(200);
    const [schedule] = schedulesIn(res);
    expect(schedule).toMatchObject({
      schedule_id: 'sched-1',
      client_uid: 'client-a',
      owner_user_id: 'alice',
      owner_email: 'alice@example.com',
      paused: false,
      // Monday 23 November 2026 08:00 in New York (EST) is 13:00 UTC, after the clock's 12:00.
      next_run_at: '2026-11-23T13:00:00.000Z',
    });
    expect(world.triggers.armed.get('sched-1')?.cadence).toEqual({ every: 'weekly', weekday: 1 });
  });

  test.each([
    ['time_zone', { time_zone: 'Mars/Olympus' }, 'time_zone must be an IANA time zone'],
    ['local_time', { local_time: '8am' }, 'local_time must be HH:mm'],
    ['recipients.0', { recipients: ['not-an-address'] }, 'each recipient must be an e-mail'],
    ['recipients', { recipients: [] }, 'add at least one e-mail address'],
    ['cadence.day', { cadence: { every: 'monthly', day: 31 } }, 'between 1 and 28'],
    ['range', { range: 'yesterday' }, 'range must be'],
    ['format.pdf', { format: { pdf: false, csv: true } }, 'every delivery carries the PDF'],
    ['what.kind', { what: { kind: 'advertiser' } }, 'needs a station, an advertiser or dates'],
  ])('refuses a bad %s with 400 naming it; nothing is stored', async (field, over, message) => {
    const world = await scheduleWorld();

    const res = await create(world, 'alice', { ...weeklyInput(), ...over });

    expect(res.statusCode).toBe(400);
    expect(envelope(res).error).toMatchObject({ field });
    expect(envelope(res).error?.message).toContain(message);
    expect(await world.schedules.listAllSchedules()).toEqual([]);
    expect(world.triggers.armed.size).toBe(0);
  });

  test("a family for a campaign must name one of the client's campaigns", async () => {
    const world = await scheduleWorld();
    const family = (campaign_uid: string) => ({ kind: 'monthly' as const, campaign_uid });

    const other = await create(world, 'alice', weeklyInput({ what: family('camp-b') }));
    const own = await create(world, 'alice', weeklyInput({ what: family('camp-a') }));

    expect(other.statusCode).toBe(400);
    expect(envelope(other).error).toMatchObject({ field: 'what.campaign_uid' });
    expect(own.statusCode).toBe(200);
    expect(schedulesIn(own)[0]?.what).toEqual({ kind: 'monthly', campaign_uid: 'camp-a' });
  });

  test('more than 20 recipients is refused', async () => {
    const world = await scheduleWorld();
    const recipients = Array.from({ length: 21 }, (_, i) => `r${i}@acme.example`);

    const res = await create(world, 'alice', weeklyInput({ recipients }));

    expect(res.statusCode).toBe(400);
    expect(envelope(res).error?.message).toBe('recipients: at most 20 addresses.');
  });

  test('an account without the Schedule feature is refused with 403 saying how to get it', async () => {
    const world = await scheduleWorld();
    world.scheduling.delete('alice');

    const res = await create(world, 'alice', weeklyInput());

    expect(res.statusCode).toBe(403);
    expect(envelope(res).error?.message).toMatch(/Schedule feature.*Advertiser Insights/);
    expect(await world.schedules.listAllSchedules()).toEqual([]);
  });

  test("another customer's client is 404, as if it did not exist, and nothing is armed", async () => {
    const world = await scheduleWorld();

    const res = await create(world, 'bob', weeklyInput({ client_uid: 'client-a' }));

    expect(res.statusCode).toBe(404);
    expect(envelope(res).error?.message).toBe('Client not found.');
    expect(world.triggers.armed.size).toBe(0);
  });

  test('a sample client is read-only', async () => {
    const world = await scheduleWorld();

    const res = await create(world, 'alice', weeklyInput({ client_uid: 'demo-1' }));

    expect(res.statusCode).toBe(403);
  });

  test('staff need no Schedule feature of their own', async () => {
    const world = await scheduleWorld();

    const res = await createSchedule(() => world, fakeAuthenticators('ops').check)(
      post('create_schedule', 'ops', weeklyInput(), ['staff']),
      lambdaContext,
    );

    expect(res.statusCode).toBe(200);
    expect(schedulesIn(res)[0]?.owner_user_id).toBe('ops');
  });

  test('when the trigger cannot be set, the schedule is not kept either', async () => {
    const world = await scheduleWorld();
    world.triggers.put = async () => {
      throw new Error('scheduler down');
    };

    const res = await create(world, 'alice', weeklyInput());

    expect(res.statusCode).toBe(500);
    expect(await world.schedules.listAllSchedules()).toEqual([]);
  });
});

describe('update_schedule', () => {
  async function withOne() {
    const world = await scheduleWorld();
    await create(world, 'alice', weeklyInput());
    return world;
  }

  test('pausing disables the trigger and clears the next run; resuming brings both back', async () => {
    const world = await withOne();

    const paused = await update(world, 'alice', {
      schedule_id: 'sched-1',
      client_uid: 'client-a',
      paused: true,
    });
    const armedWhilePaused = world.triggers.armed.get('sched-1')?.paused;
    const resumed = await update(world, 'alice', {
      schedule_id: 'sched-1',
      client_uid: 'client-a',
      paused: false,
    });

    expect(schedulesIn(paused)[0]).toMatchObject({ paused: true, next_run_at: null });
    expect(armedWhilePaused).toBe(true);
    expect(schedulesIn(resumed)[0]).toMatchObject({
      paused: false,
      next_run_at: '2026-11-23T13:00:00.000Z',
    });
    expect(world.triggers.armed.get('sched-1')?.paused).toBe(false);
  });

  test('a patch changes only the fields it names and re-arms the trigger in the new zone', async () => {
    const world = await withOne();

    const res = await update(world, 'alice', {
      schedule_id: 'sched-1',
      client_uid: 'client-a',
      time_zone: 'Europe/London',
      local_time: '09:30',
    });

    expect(schedulesIn(res)[0]).toMatchObject({
      time_zone: 'Europe/London',
      local_time: '09:30',
      recipients: ['boss@acme.example'],
      range: 'last_week',
      created_at: '2026-11-23T12:00:00.000Z',
      next_run_at: '2026-11-30T09:30:00.000Z',
    });
    expect(world.triggers.armed.get('sched-1')?.time_zone).toBe('Europe/London');
  });

  test('delete removes the schedule, its trigger and its delivery history', async () => {
    const world = await withOne();
    await world.deliveries.claimDelivery('client-a', delivery('2026-11-09..2026-11-15'));

    const res = await update(world, 'alice', {
      schedule_id: 'sched-1',
      client_uid: 'client-a',
      delete: true,
    });

    expect(schedulesIn(res)).toEqual([]);
    expect(world.triggers.armed.has('sched-1')).toBe(false);
    expect(await world.deliveries.listDeliveries('client-a', 'sched-1')).toEqual([]);
  });

  test('an empty patch is refused naming what to send', async () => {
    const world = await withOne();

    const res = await update(world, 'alice', { schedule_id: 'sched-1', client_uid: 'client-a' });

    expect(res.statusCode).toBe(400);
    expect(envelope(res).error?.message).toContain('Nothing to change');
  });

  test('another customer cannot pause, change or delete the schedule: 404 and it is unchanged', async () => {
    const world = await withOne();

    const own = await update(world, 'bob', {
      schedule_id: 'sched-1',
      client_uid: 'client-a',
      delete: true,
    });
    // Bob may schedule his own client: naming it with alice's schedule id finds nothing either.
    const crossed = await update(world, 'bob', {
      schedule_id: 'sched-1',
      client_uid: 'client-b',
      paused: true,
    });
    const crossedDelete = await update(world, 'bob', {
      schedule_id: 'sched-1',
      client_uid: 'client-b',
      delete: true,
    });

    expect(own.statusCode).toBe(404);
    expect(crossed.statusCode).toBe(404);
    expect(envelope(crossed).error?.message).toBe('Schedule not found.');
    // Deleting is idempotent within bob's own client: his list, and alice's schedule untouched.
    expect(schedulesIn(crossedDelete)).toEqual([]);
    expect((await world.schedules.getSchedule('client-a', 'sched-1'))?.paused).toBe(false);
    expect(world.triggers.armed.has('sched-1')).toBe(true);
  });

  test('a schedule left without recipients cannot be resumed until one is added', async () => {
    const world = await withOne();
    await world.schedules.removeRecipient(
      'client-a',
      'sched-1',
      'boss@acme.example',
      '2026-11-23T12:30:00.000Z',
    );

    const res = await update(world, 'alice', {
      schedule_id: 'sched-1',
      client_uid: 'client-a',
      paused: false,
    });
    const fixed = await update(world, 'alice', {
      schedule_id: 'sched-1',
      client_uid: 'client-a',
      paused: false,
      recipients: ['new@acme.example'],
    });

    expect(res.statusCode).toBe(400);
    expect(envelope(res).error).toMatchObject({ field: 'recipients' });
    expect(fixed.statusCode).toBe(200);
  });
});

function delivery(period: string, over: Partial<Delivery> = {}): Delivery {
  return {
    schedule_id: 'sched-1',
    period_key: period,
    status: 'sent',
    attempts: 1,
    recipients: ['boss@acme.example'],
    sent_at: '2026-11-16T13:00:05.000Z',
    attached: true,
    ...over,
  };
}

describe('schedule_deliveries', () => {
  test('lists the history newest period first, failures with their reason', async () => {
    const world = await scheduleWorld();
    await create(world, 'alice', weeklyInput());
    await world.deliveries.claimDelivery('client-a', delivery('2026-11-02..2026-11-08'));
    await world.deliveries.claimDelivery(
      'client-a',
      delivery('2026-11-09..2026-11-15', { status: 'failed', attempts: 3, error: 'SES refused' }),
    );

    const res = await scheduleDeliveries(() => world)(
      httpEvent({
        method: 'GET',
        path: '/ss_rest/schedule_deliveries',
        sub: 'alice',
        query: { client_uid: 'client-a', schedule_id: 'sched-1' },
      }),
      lambdaContext,
    );

    const { deliveries } = envelope(res).result as { deliveries: Delivery[] };
    expect(deliveries.map((d) => [d.period_key, d.status, d.error])).toEqual([
      ['2026-11-09..2026-11-15', 'failed', 'SES refused'],
      ['2026-11-02..2026-11-08', 'sent', undefined],
    ]);
  });

  test("another customer's schedule history is 404", async () => {
    const world = await scheduleWorld();
    await create(world, 'alice', weeklyInput());

    const res = await scheduleDeliveries(() => world)(
      httpEvent({
        method: 'GET',
        path: '/ss_rest/schedule_deliveries',
        sub: 'bob',
        query: { client_uid: 'client-a', schedule_id: 'sched-1' },
      }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(404);
  });
});
