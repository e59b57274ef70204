import { describe, expect, test } from 'vitest';
import { scheduleInputSchema } from '#shared/contracts/schedules.schema';
import { Forbidden } from '#shared/errors';
import { fetchClientInfo } from '../../../../lambdas/companies/core/client-info';
import { clientMerge } from '../../../../lambdas/companies/core/client-merge';
import { companySave } from '../../../../lambdas/companies/core/company-save';
import {
  MemorySchedules,
  MemoryTriggers,
} from '../../../../lambdas/schedules/adapters/memory-schedules';
import { createSchedule, schedulingClient } from '../../../../lambdas/schedules/core/schedules';
import { callerOf, clientWorld, memoryCalculators, profile } from '../../companies/client-fakes';
import { alice } from '../../reports/fakes';
import { type ScheduleWorld, scheduleWorld, weeklyInput } from '../schedule-fakes';

async function worldWithCarol(perms: ('view' | 'schedule')[]) {
  const world = await scheduleWorld();
  await world.companies.accounts.putShare({
    share_uid: 'share-1',
    client_uid: 'client-a',
    client_name: 'Acme Mattress',
    from_user_id: 'alice',
    from_email: 'alice@example.com',
    to_email: 'carol@example.com',
    perms,
    status: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });
  world.companies.accounts.profiles.set('carol', profile('carol', 'Carol', 'Cole'));
  world.scheduling.add('carol');
  return world;
}

describe('who may schedule a client', () => {
  test('a sharee with view only is refused with the missing permission named; nothing is stored', async () => {
    const world = await worldWithCarol(['view']);

    const attempt = createSchedule(
      world,
      callerOf('carol'),
      scheduleInputSchema.parse(weeklyInput()),
    );

    await expect(attempt).rejects.toThrow(
      new Forbidden('You do not have the schedule permission for this client.'),
    );
    expect(await world.schedules.listAllSchedules()).toEqual([]);
  });

  test('a sharee given the schedule permission, on an account with the feature, may schedule', async () => {
    const world = await worldWithCarol(['view', 'schedule']);

    const client = await schedulingClient(world, callerOf('carol'), 'client-a');

    expect(client.client_uid).toBe('client-a');
  });

  test('the same sharee on an account without the feature is refused for the feature', async () => {
    const world = await worldWithCarol(['view', 'schedule']);
    world.scheduling.delete('carol');

    await expect(schedulingClient(world, callerOf('carol'), 'client-a')).rejects.toThrow(
      /Schedule feature/,
    );
  });
});

describe("fetch_client_info's report_schedules", () => {
  async function infoFor(caller: Parameters<typeof fetchClientInfo>[1], world: ScheduleWorld) {
    const deps = {
      companies: world.companies,
      accounts: world.companies.accounts,
      calculators: memoryCalculators(),
      schedules: world.schedules,
    };
    return (await fetchClientInfo(deps, caller, { client_uid: 'client-a' })).client_info;
  }

  test('lists the client schedules with their next run to a caller who may schedule', async () => {
    const world = await worldWithCarol(['view']);
    await createSchedule(world, alice, scheduleInputSchema.parse(weeklyInput()));

    const info = await infoFor(alice, world);

    expect(info.report_schedules.map((s) => [s.schedule_id, s.recipients])).toEqual([
      ['sched-1', ['boss@acme.example']],
    ]);
    expect(info.report_schedules[0]?.next_run_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
  });

  test('shows a view-only sharee no schedules (they name the recipients)', async () => {
    const world = await worldWithCarol(['view']);
    await createSchedule(world, alice, scheduleInputSchema.parse(weeklyInput()));

    const info = await infoFor(callerOf('carol'), world);

    expect(info.report_schedules).toEqual([]);
  });
});

describe("company_save's client_info", () => {
  test('keeps answering the client schedules after an edit, so the screen does not lose them', async () => {
    const { deps } = await clientWorld();
    const schedules = new MemorySchedules();
    const { client_info } = await companySave(deps, alice, { name: 'Acme' });
    await schedules.putSchedule({
      ...scheduleInputSchema.parse(weeklyInput({ client_uid: client_info.client_uid })),
      schedule_id: 'sched-9',
      owner_user_id: 'alice',
      owner_email: 'alice@example.com',
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
      next_run_at: null,
    });

    const edited = await companySave({ ...deps, schedules }, alice, {
      client_uid: client_info.client_uid,
      name: 'Acme Mattress',
    });

    expect(edited.client_info.report_schedules.map((s) => s.schedule_id)).toEqual(['sched-9']);
  });
});

describe('a client merged into another', () => {
  test('hands its schedules, their history and their triggers to the kept client', async () => {
    const { deps } = await clientWorld();
    const store = new MemorySchedules();
    const triggers = new MemoryTriggers();
    const keep = (await companySave(deps, alice, { name: 'Acme' })).client_info.client_uid;
    const dup = (await companySave(deps, alice, { name: 'ACME Inc' })).client_info.client_uid;
    const stored = {
      ...scheduleInputSchema.parse(weeklyInput({ client_uid: dup })),
      schedule_id: 'sched-9',
      owner_user_id: 'alice',
      owner_email: 'alice@example.com',
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
      next_run_at: null,
    };
    await store.putSchedule(stored);
    await triggers.put(stored);
    await store.claimDelivery(dup, {
      schedule_id: 'sched-9',
      period_key: '2026-11-09..2026-11-15',
      status: 'sent',
      attempts: 1,
      recipients: ['boss@acme.example'],
      attached: true,
    });

    await clientMerge(
      { ...deps, scheduledDeliveries: { schedules: store, deliveries: store, triggers } },
      alice,
      { from_client_uid: dup, into_client_uid: keep },
    );

    expect((await store.listSchedules(keep)).map((s) => s.schedule_id)).toEqual(['sched-9']);
    expect(await store.listSchedules(dup)).toEqual([]);
    expect((await store.listDeliveries(keep, 'sched-9')).map((d) => d.status)).toEqual(['sent']);
    // The trigger now fires for the kept client.
    expect(triggers.armed.get('sched-9')?.client_uid).toBe(keep);
  });
});
