import { describe, expect, test } from 'vitest';
import { companyQueueResultSchema } from '#shared/contracts/company-queue.schema';
import { weeklyTrendsResultSchema } from '#shared/contracts/weekly-trends.schema';
import { makeHandler as makeClear } from '../../../../lambdas/companies/handlers/company-queue-clear.handler';
import { makeHandler as makeMonitor } from '../../../../lambdas/companies/handlers/company-queue-monitor.handler';
import { makeHandler as makeTrends } from '../../../../lambdas/companies/handlers/weekly-trends.handler';
import { MemoryIndustryBenchmarks } from '../../../../lambdas/reports/adapters/memory-industry-benchmarks';
import { seededCompanies } from '../../reports/fakes';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';
import { MemoryQueueJobs } from '../queue-fakes';

/** A POST to `/ss_rest/<route>` by the signed-in user `sub`, as API Gateway hands it over. */
const post = (route: string, sub: string, body: unknown) =>
  httpEvent({ method: 'POST', path: `/ss_rest/${route}`, sub, body });

async function queueDeps() {
  const companies = await seededCompanies();
  const jobs = new MemoryQueueJobs();
  jobs.start(
    {
      user_id: 'alice',
      kind: 'report',
      id: 'r1',
      client_uid: 'client-a',
      started_at: '2024-04-01T11:00:00.000Z',
    },
    { status: 'running', progress: 60, updated_at: '2024-04-01T11:01:00.000Z' },
  );
  return () => ({
    companies,
    jobs,
    now: () => new Date('2024-04-01T12:00:00.000Z'),
    version: '20240401T100000Z',
  });
}

describe('the tasks panel routes', () => {
  test('company_queue_monitor answers the contract: the caller’s jobs and the deployed version', async () => {
    const handler = makeMonitor(await queueDeps());

    const res = await handler(post('company_queue_monitor', 'alice', {}), lambdaContext);

    expect(res.statusCode).toBe(200);
    const result = companyQueueResultSchema.parse(envelope(res).result);
    expect(result.version).toBe('20240401T100000Z');
    expect(result.user.map((i) => [i.id, i.progress])).toEqual([['r1', 60]]);
  });

  test('a stranger naming another customer’s client gets 404', async () => {
    const handler = makeMonitor(await queueDeps());

    const res = await handler(
      post('company_queue_monitor', 'bob', { current_report_client_uid: 'client-a' }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(404);
  });

  test('company_queue_clear refuses an unknown queue name, naming the field', async () => {
    const handler = makeClear(await queueDeps());

    const res = await handler(
      post('company_queue_clear', 'alice', { queue: 'everything' }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(envelope(res))).toContain('queue');
  });

  test('weekly_trends answers the contract and refuses 13 weeks', async () => {
    const handler = makeTrends(() => ({
      benchmarks: new MemoryIndustryBenchmarks(),
      userType: async () => 'rep',
    }));

    const ok = await handler(post('weekly_trends', 'alice', {}), lambdaContext);
    const tooMany = await handler(
      post('weekly_trends', 'alice', { week_count: 13 }),
      lambdaContext,
    );

    expect(ok.statusCode).toBe(200);
    expect(weeklyTrendsResultSchema.parse(envelope(ok).result).settings.week_count).toBe(3);
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(envelope(tooMany))).toContain('Weeks must be between 1 and 12.');
  });
});
