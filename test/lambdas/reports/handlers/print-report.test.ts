import { describe, expect, test } from 'vitest';
import type { SubscriptionRecord } from '#shared/billing/entitlements';
import { MemoryReportStore } from '../../../../lambdas/reports/adapters/memory';
import { makeHandler } from '../../../../lambdas/reports/handlers/print-report.handler';
import { allowancePorts, client, seededCompanies } from '../fakes';
import { FakeImages, FakeRenderer, MemoryPdfFiles } from '../print/fakes';
import { reportDoc } from '../print/fixtures';
import { FURNITURE, industryDeps, industrySubscription } from '../print/industry-fixtures';
import { envelope, httpEvent, lambdaContext } from './events';

const LOGO = 'https://cdn.example.com/acme.png';

async function setup() {
  const companies = await seededCompanies();
  await companies.putClient(client({ latest_report_id: 'r-1', industry_id: FURNITURE }));
  const store = new MemoryReportStore();
  await store.putJson('reports/client-a/r-1.json', reportDoc());
  await store.putJson('reports/client-b/r-b.json', reportDoc({ client_uid: 'client-b' }));
  const renderer = new FakeRenderer();
  const files = new MemoryPdfFiles();
  const images = new FakeImages({ [LOGO]: 'data:image/png;base64,TE9HTw==' });
  // alice's plan: no Industry Insights until a test adds a subscription.
  const subscriptions: SubscriptionRecord[] = [];
  const insights = await industryDeps(companies, store, subscriptions);
  const ports = allowancePorts();
  const handler = makeHandler(() => ({
    companies,
    store,
    renderer,
    files,
    images,
    insights,
    ...ports,
  }));
  const call = (body: unknown, sub: string | null = 'alice') =>
    handler(
      httpEvent({ method: 'POST', path: '/ss_rest/print_report', sub: sub ?? undefined, body }),
      lambdaContext,
    );
  return { call, renderer, files, images, store, companies, subscriptions };
}

describe('print_report route', () => {
  test('prints the latest report and answers a link, page count, size and file name', async () => {
    const { call, renderer, files } = await setup();

    const res = await call({ client_uid: 'client-a', download: true });

    expect(res.statusCode).toBe(200);
    const result = envelope(res).result as Record<string, unknown>;
    const [key] = [...files.files.keys()];
    expect(key).toMatch(/^reports\/client-a\/r-1\/print-[0-9a-f]{20}\.pdf$/);
    expect(result).toEqual({
      url: `memory://${key}?download=true&name=acme-mattress-03-01-2024-to-03-31-2024.pdf`,
      pages: 3,
      bytes: 13,
      file_name: 'acme-mattress-03-01-2024-to-03-31-2024.pdf',
    });
    expect(renderer.calls[0]?.html).toContain('Acme Mattress');
    expect(renderer.calls[0]?.options.landscape).toBe(false);
  });

  test('inlines the cover logo and passes the print options to the renderer', async () => {
    const { call, renderer, images } = await setup();

    await call({
      client_uid: 'client-a',
      report_id: 'r-1',
      print_options: { panel: 'summary', landscape: true, include_footer: false },
      customize: { cover: { logo_url: LOGO } },
    });

    expect(images.asked).toEqual([LOGO]);
    expect(renderer.calls[0]?.html).toContain('src="data:image/png;base64,TE9HTw=="');
    expect(renderer.calls[0]?.html).not.toContain(LOGO);
    expect(renderer.calls[0]?.options.landscape).toBe(true);
    expect(renderer.calls[0]?.options.footerHtml).toBeUndefined();
    expect(renderer.calls[0]?.options.headerHtml).toContain('Acme Mattress');
  });

  test('reuses the stored PDF when the same printout is asked again', async () => {
    const { call, renderer, files } = await setup();
    const body = { client_uid: 'client-a', print_options: { landscape: true } };

    const first = envelope(await call(body)).result as { url: string };
    const second = envelope(await call({ ...body, download: true })).result as { url: string };
    await call({ ...body, print_options: { landscape: false } });

    expect(renderer.calls).toHaveLength(2);
    expect(files.files.size).toBe(2);
    expect(second.url.replace('download=true', 'download=false')).toBe(first.url);
  });

  test('prints without a logo that cannot be fetched, and tries it again next time', async () => {
    const { call, renderer, images } = await setup();
    const body = {
      client_uid: 'client-a',
      customize: { cover: { logo_url: 'https://dead.example.com/logo.png' } },
    };

    const first = await call(body);
    await call(body);

    expect(first.statusCode).toBe(200);
    expect(renderer.calls[0]?.html).not.toContain('<img');
    expect(renderer.calls).toHaveLength(2);
    expect(images.asked).toEqual([
      'https://dead.example.com/logo.png',
      'https://dead.example.com/logo.png',
    ]);
  });

  test('prints the industry response summary of the printed report: open rows, locked line', async () => {
    const { call, renderer, subscriptions } = await setup();
    subscriptions.push(
      industrySubscription({ plan: 'paygo', product: null, features: ['days'], amount: 1_000 }),
    );

    const res = await call({ client_uid: 'client-a', report_id: 'r-1' });

    expect(res.statusCode).toBe(200);
    const html = renderer.calls[0]?.html ?? '';
    expect(html).toContain('Industry response summary');
    expect(html).toContain('Compared with 3 other advertisers');
    expect(html).toContain('data-testid="print-industry-days"');
    // Peers' Mon indexes 100, 150, 200: the industry index is their median.
    expect(html).toMatch(/<td>Mon<\/td><td>150<\/td>/);
    expect(html).toContain('Not in this plan: Dayparts, Ad lengths, Station formats');
    expect(html).toContain('Unlock Industry Insights');
  });

  test('prints no industry section for a client without an industry', async () => {
    const { call, renderer, companies, subscriptions } = await setup();
    subscriptions.push(industrySubscription());
    await companies.updateClient('client-a', { industry_id: null });

    await call({ client_uid: 'client-a' });

    expect(renderer.calls[0]?.html).not.toContain('Industry response summary');
  });

  test('never reuses an entitled caller’s printout for a caller whose plan locks the sections', async () => {
    const { call, renderer, files, subscriptions } = await setup();
    subscriptions.push(industrySubscription());
    const body = { client_uid: 'client-a', report_id: 'r-1' };

    await call(body);
    subscriptions.length = 0;
    await call(body);

    expect(renderer.calls).toHaveLength(2);
    expect(files.files.size).toBe(2);
    expect(renderer.calls[0]?.html).toContain('data-testid="print-industry-days"');
    expect(renderer.calls[1]?.html).not.toContain('print-industry');
  });

  test("answers 404 for another customer's client and prints nothing", async () => {
    const { call, renderer } = await setup();

    const res = await call({ client_uid: 'client-b', report_id: 'r-b' });

    expect(res.statusCode).toBe(404);
    expect(envelope(res).error?.code).toBe('not_found');
    expect(renderer.calls).toHaveLength(0);
  });

  test('answers 404 when the client has no such report', async () => {
    const { call } = await setup();

    const res = await call({ client_uid: 'client-a', report_id: 'r-missing' });

    expect(res.statusCode).toBe(404);
    expect(envelope(res).message).toBe('Report not found.');
  });

  test('answers 401 without a signed-in user', async () => {
    const { call } = await setup();

    const res = await call({ client_uid: 'client-a' }, null);

    expect(res.statusCode).toBe(401);
  });

  test.each([
    [
      { client_uid: 'client-a', customize: { station: { name: 'W'.repeat(65) } } },
      'customize.station.name',
      'Station name must be at most 64 characters.',
    ],
    [
      { client_uid: 'client-a', customize: { cover: { logo_url: 'file:///etc/passwd' } } },
      'customize.cover.logo_url',
      'Cover logo must be a web address starting with http:// or https://.',
    ],
    [
      { client_uid: 'client-a', print_options: { panel: 'poster' } },
      'print_options.panel',
      'Panel must be full, summary or tables.',
    ],
    [
      { client_uid: 'client-a', customize: { hidden_columns: ['secret'] } },
      'customize.hidden_columns.0',
      'Hidden columns must be columns of the table.',
    ],
    [{ client_uid: '../client-b' }, 'client_uid', 'client_uid must be letters, digits, - or _.'],
  ])('answers 400 naming the failing field (%#)', async (body, field, message) => {
    const { call, renderer } = await setup();

    const res = await call(body);

    expect(res.statusCode).toBe(400);
    expect(envelope(res).error).toEqual({ code: 'invalid_input', field, message });
    expect(renderer.calls).toHaveLength(0);
  });
});
