import { describe, expect, test } from 'vitest';
import { performReport } from '../../../../lambdas/reports/core/perform-report';
import { NotFound, ValidationError } from '../../../../layers/shared/errors';
import {
  alice,
  allowancePorts,
  countingIds,
  fixedClock,
  memoryPorts,
  seededCompanies,
} from '../fakes';

async function setup() {
  const companies = await seededCompanies();
  const ports = memoryPorts();
  const deps = {
    companies,
    jobs: ports.jobs,
    queue: ports.queue,
    clock: fixedClock(),
    ids: countingIds(),
    ...allowancePorts(),
  };
  return { deps, ...ports, companies };
}

describe('performReport', () => {
  test('queues a job at progress 0 and sends the first step payload', async () => {
    const { deps, jobs, queue } = await setup();

    const out = await performReport(deps, alice, {
      client_uid: 'client-a',
      date_start: '2024-03-05',
      date_end: '2024-03-06',
      window: 10,
      attribution_method: 'pageviews',
    });

    expect(out).toEqual({
      session_uid: 'id-1',
      report_id: 'id-2',
      max_reports: false,
      free_report: true,
    });
    const job = await jobs.get('id-2');
    expect(job).toMatchObject({
      status: 'queued',
      progress: 0,
      user_id: 'alice',
      client_uid: 'client-a',
    });
    expect(queue.sent).toEqual([
      {
        report_id: 'id-2',
        client_uid: 'client-a',
        session_uid: 'id-1',
        report_type: 'pro_insights',
        params: {
          date_start: '2024-03-05',
          date_end: '2024-03-06',
          window: 10,
          attribution_method: 'pageviews',
          compare_date_start: '2024-03-03',
          compare_date_end: '2024-03-04',
        },
        work_prefix: 'work/id-2/',
      },
    ]);
  });

  test('defaults to the client airing range, an 8-minute window and sessions', async () => {
    const { deps, queue } = await setup();

    await performReport(deps, alice, { client_uid: 'client-a', session_uid: 'sess-1' });

    expect(queue.sent[0]?.session_uid).toBe('sess-1');
    expect(queue.sent[0]?.params).toEqual({
      date_start: '2024-03-04',
      date_end: '2024-03-10',
      window: 8,
      attribution_method: 'sessions',
      compare_date_start: '2024-02-26',
      compare_date_end: '2024-03-03',
    });
  });

  test.each([
    [{ window: 0 }, 'window'],
    [{ window: 61 }, 'window'],
    [{ window: 2.5 }, 'window'],
    [{ attribution_method: 'similarwebvisits' }, 'attribution_method'],
    [{ date_start: '2024-02-30', date_end: '2024-03-02' }, 'date_start'],
    [{ date_start: '2024-03-05', date_end: '2024-03-01' }, 'date_end'],
  ])('rejects %o with a message naming %s', async (input, field) => {
    const { deps, queue } = await setup();

    const error = await performReport(deps, alice, { client_uid: 'client-a', ...input }).catch(
      (e) => e,
    );

    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field).toBe(field);
    expect(error.message).toContain(field);
    expect(queue.sent).toHaveLength(0);
  });

  test('asks for a post-log when the client has no airings and no dates were given', async () => {
    const { deps, companies } = await setup();
    await companies.updateClient('client-a', {
      first_airing_utc: null,
      last_airing_utc: null,
      airings: 0,
    });

    const error = await performReport(deps, alice, { client_uid: 'client-a' }).catch((e) => e);

    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field).toBe('client_uid');
    expect(error.message).toMatch(/post-log/);
  });

  test("answers not found for another organisation's client and queues nothing", async () => {
    const { deps, queue } = await setup();

    await expect(performReport(deps, alice, { client_uid: 'client-b' })).rejects.toBeInstanceOf(
      NotFound,
    );
    expect(queue.sent).toHaveLength(0);
  });

  test('runs on the demo client for any signed-in user', async () => {
    const { deps, queue } = await setup();

    await performReport(deps, alice, { client_uid: 'demo-1' });

    expect(queue.sent[0]?.client_uid).toBe('demo-1');
  });
});
