import { describe, expect, test } from 'vitest';
import { SUMMARY_SENDS_PER_WINDOW } from '#shared/contracts/summary-email.schema';
import { MemoryRateLimiter } from '../../../../lambdas/accounts/adapters/memory-rate-limiter';
import { MemoryReportStore } from '../../../../lambdas/reports/adapters/memory';
import { makeHandler } from '../../../../lambdas/reports/handlers/send-summary-email.handler';
import { comparedReport, FakeChartImager, MemoryRichMailer } from '../email/summary-fixture';
import { allowancePorts, client, seededCompanies } from '../fakes';
import { row } from '../print/fixtures';
import { envelope, httpEvent, lambdaContext } from './events';

const ORIGIN = 'https://app.analyticowl.test';

/** Creative rows with enough airings to name a best creative (each lists itself, as the engine does). */
const creativeRow = (label: string, ads: number, traffic: number) =>
  row(label, ads, traffic, { creatives: [{ creative: label, ads, traffic }] });
const CREATIVES = [creativeRow('Spring Sale 30', 12, 240), creativeRow('Brand 15', 10, 60)];

async function setup() {
  const companies = await seededCompanies();
  await companies.putClient(client({ latest_report_id: 'r-1' }));
  const store = new MemoryReportStore();
  const report = comparedReport();
  await store.putJson('reports/client-a/r-1.json', {
    ...report,
    tables: { ...report.tables, creative: CREATIVES },
  });
  await store.putJson('reports/client-b/r-b.json', comparedReport({ client_uid: 'client-b' }));
  const mailer = new MemoryRichMailer();
  const chart = new FakeChartImager();
  // A fixed instant: the hourly window cannot roll over mid-test.
  const limiter = new MemoryRateLimiter(() => new Date('2024-04-01T12:10:00.000Z'));
  const ports = allowancePorts();
  const handler = makeHandler(() => ({
    companies,
    store,
    mailer,
    chart,
    limiter,
    users: { displayName: async (_id: string, fallback: string) => `Alice Adams <${fallback}>` },
    appOrigin: ORIGIN,
    ...ports,
  }));
  const call = (body: unknown, sub = 'alice') =>
    handler(
      httpEvent({ method: 'POST', path: '/ss_rest/send_summary_email', sub, body }),
      lambdaContext,
    );
  return { call, mailer, chart, usage: ports.usage };
}

const valid = {
  client_uid: 'client-a',
  report_id: 'r-1',
  recipients: ['Boss@Example.com', 'cfo@example.com', 'boss@example.com'],
  note: 'Here is March.\n\nStations look good.',
  view: 'tab=station&from=2024-03-01&evil=https://phish.example&client=client-b',
};

describe('send_summary_email route', () => {
  test('mails each recipient once the KPIs with their change, top performers, the chart and a link back', async () => {
    const { call, mailer, chart } = await setup();

    const res = await call(valid);

    expect(res.statusCode).toBe(200);
    expect(envelope(res).result).toEqual({
      sent: true,
      recipients: ['boss@example.com', 'cfo@example.com'],
    });
    expect(mailer.sent.map((m) => m.to)).toEqual(['boss@example.com', 'cfo@example.com']);
    const [mail] = mailer.sent;
    expect(mail?.subject).toBe('Report summary: Acme Mattress, 03/01/2024 – 03/31/2024');
    expect(mail?.replyTo).toBe('alice@example.com');
    expect(mail?.text).toContain('Airings');
    expect(mail?.text).toContain('+20.0% vs 100');
    expect(mail?.text).toContain('Best daypart:');
    expect(mail?.text).toContain('Here is March.');
    expect(mail?.html).toContain('src="cid:summary-chart@analyticowl"');
    expect(mail?.inline?.map((i) => [i.cid, i.contentType])).toEqual([
      ['summary-chart@analyticowl', 'image/png'],
    ]);
    expect(chart.svgs[0]).toMatch(/^<svg /);
    // The link stays on the app and keeps only the report screen's own parameters.
    expect(mail?.html).toContain(
      `${ORIGIN}/ss?client=client-a&amp;report=r-1&amp;tab=station&amp;from=2024-03-01`,
    );
    expect(mail?.html).not.toContain('phish.example');
    expect(mail?.text).not.toContain('client=client-b');
  });

  test('past the free reports, a creative the caller has not unlocked is not named in the mail', async () => {
    const { call, mailer, usage } = await setup();
    const within = await call({ ...valid, recipients: ['boss@example.com'] });
    // alice's two free reports went to other clients.
    await usage.claim('alice', 'client-x', 2);
    await usage.claim('alice', 'client-y', 2);

    const past = await call({ ...valid, recipients: ['boss@example.com'] });

    expect([within.statusCode, past.statusCode]).toEqual([200, 200]);
    expect(mailer.sent[0]?.text).toContain('Best creative: Spring Sale 30');
    expect(mailer.sent[1]?.text).not.toContain('Spring Sale 30');
    expect(mailer.sent[1]?.html).not.toContain('Spring Sale 30');
  });

  test('names the field of bad input and sends nothing', async () => {
    const { call, mailer } = await setup();

    const none = await call({ ...valid, recipients: [] });
    const eleven = await call({
      ...valid,
      recipients: Array.from({ length: 11 }, (_, i) => `r${i}@example.com`),
    });
    const bad = await call({ ...valid, recipients: ['boss@example.com', 'not an address'] });
    const injected = await call({ ...valid, recipients: ['a@example.com\r\nBcc: x@evil.test'] });
    const longNote = await call({ ...valid, note: 'x'.repeat(1001) });

    for (const res of [none, eleven, bad, injected, longNote]) expect(res.statusCode).toBe(400);
    expect(JSON.stringify(envelope(none))).toContain('Add at least one recipient.');
    expect(JSON.stringify(envelope(eleven))).toContain('at most 10 recipients');
    expect(JSON.stringify(envelope(bad))).toContain('Each recipient must be an e-mail address');
    expect(JSON.stringify(envelope(longNote))).toContain('note must be at most 1,000 characters');
    expect(mailer.sent).toEqual([]);
  });

  test("refuses another customer's client and a report that does not exist, sending nothing", async () => {
    const { call, mailer } = await setup();

    const foreign = await call({ ...valid, client_uid: 'client-b', report_id: 'r-b' });
    const missing = await call({ ...valid, report_id: 'r-404' });
    const anonymous = await handlerWithoutCaller();

    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(anonymous).toBe(401);
    expect(mailer.sent).toEqual([]);

    async function handlerWithoutCaller() {
      const res = await makeHandler(() => {
        throw new Error('never reached');
      })(
        httpEvent({ method: 'POST', path: '/ss_rest/send_summary_email', body: valid }),
        lambdaContext,
      );
      return res.statusCode;
    }
  });

  test(`allows ${SUMMARY_SENDS_PER_WINDOW} sends per user per hour, then says to wait`, async () => {
    const { call, mailer } = await setup();
    const one = { ...valid, recipients: ['boss@example.com'] };

    for (let i = 0; i < SUMMARY_SENDS_PER_WINDOW; i += 1)
      expect((await call(one)).statusCode).toBe(200);
    const over = await call(one);
    const otherUser = await call({ ...one, client_uid: 'client-b', report_id: 'r-b' }, 'bob');

    expect(over.statusCode).toBe(429);
    expect(JSON.stringify(envelope(over))).toContain(
      `You have sent ${SUMMARY_SENDS_PER_WINDOW} summary e-mails in the last hour`,
    );
    expect(mailer.sent).toHaveLength(SUMMARY_SENDS_PER_WINDOW + 1);
    expect(otherUser.statusCode).toBe(200);
  });
});
