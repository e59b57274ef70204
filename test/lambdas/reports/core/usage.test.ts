import { describe, expect, test } from 'vitest';
import type { Caller } from '#shared/auth/caller';
import { MemoryReportRuns } from '../../../../lambdas/reports/adapters/memory-report-runs';
import { performReport } from '../../../../lambdas/reports/core/perform-report';
import { FREE_REPORT_LIMIT } from '../../../../lambdas/reports/core/usage';
import {
  alice,
  allowancePorts,
  client,
  countingIds,
  fixedClock,
  memoryPorts,
  seededCompanies,
} from '../fakes';

// Spec §9 "Two free reports always": every account always has two free reports, counted
// server-side. Runs go through perform_report, as the browser's do.
async function setup(activePlans: string[] = []) {
  const companies = await seededCompanies();
  for (const uid of ['client-c', 'client-d'])
    await companies.putClient(client({ client_uid: uid }));
  await companies.putClient(client({ client_uid: 'client-s', sample_data: true }));
  const ports = memoryPorts();
  const allowance = allowancePorts(activePlans);
  const deps = {
    companies,
    jobs: ports.jobs,
    queue: ports.queue,
    clock: fixedClock(),
    ids: countingIds(),
    runs: new MemoryReportRuns(),
    ...allowance,
  };
  // Each run finishes before the next starts: a client runs one report at a time.
  const run = async (
    clientUid: string,
    caller: Caller = alice,
    input: { window?: number } = {},
  ) => {
    const out = await performReport(deps, caller, { client_uid: clientUid, ...input });
    await ports.jobs.update(out.report_id, { status: 'complete' });
    return out;
  };
  return { run, queue: ports.queue, usage: allowance.usage };
}

describe('free reports', () => {
  test('every account has reports on two distinct clients free', async () => {
    const { run } = await setup();

    expect(FREE_REPORT_LIMIT).toBe(2);
    expect(await run('client-a')).toMatchObject({ free_report: true, max_reports: false });
    expect(await run('client-c')).toMatchObject({ free_report: true, max_reports: false });
  });

  test('a run on a third client still runs but is flagged max_reports', async () => {
    const { run, queue } = await setup();
    await run('client-a');
    await run('client-c');

    const third = await run('client-d');

    expect(third).toMatchObject({ free_report: false, max_reports: true });
    expect(queue.sent.map((p) => p.client_uid)).toEqual(['client-a', 'client-c', 'client-d']);
  });

  test('rerunning a free client costs nothing more', async () => {
    const { run, usage } = await setup();
    await run('client-a');
    await run('client-a');
    await run('client-a');

    expect(await run('client-c')).toMatchObject({ free_report: true });
    expect((await usage.freeClients('alice')).sort()).toEqual(['client-a', 'client-c']);
  });

  test('runs started together cannot use more than two free clients', async () => {
    const { run } = await setup();

    const flags = await Promise.all(['client-a', 'client-c', 'client-d'].map((c) => run(c)));

    expect(flags.filter((f) => f.free_report)).toHaveLength(2);
    expect(flags.filter((f) => f.max_reports)).toHaveLength(1);
  });

  test('a sample-data client never counts', async () => {
    const { run, usage } = await setup();

    for (let i = 0; i < 3; i += 1)
      expect(await run('client-s')).toEqual(expect.objectContaining({ max_reports: false }));

    expect(await usage.freeClients('alice')).toEqual([]);
  });

  test.each([
    ['staff', { ...alice, staff: true }, []],
    ['a user with an active plan', alice, ['alice']],
  ])('%s is never limited and uses no free report', async (_who, caller, plans) => {
    const { run, usage } = await setup(plans);

    const flags = [await run('client-a', caller), await run('client-c', caller)];
    flags.push(await run('client-d', caller));

    expect(flags.every((f) => !f.max_reports && !f.free_report)).toBe(true);
    expect(await usage.freeClients('alice')).toEqual([]);
  });

  test('an invalid run uses no free report', async () => {
    const { run, usage } = await setup();

    await expect(run('client-a', alice, { window: 0 })).rejects.toThrow(/window/);

    expect(await usage.freeClients('alice')).toEqual([]);
  });
});
