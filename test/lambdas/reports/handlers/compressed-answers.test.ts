import { gunzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, test } from 'vitest';
import { acceptsGzip } from '../../../../lambdas/reports/adapters/gzip-answers';
import { DrillAnswerCache, DrillCache } from '../../../../lambdas/reports/core/drilldowns';
import { ReportAnswerCache, ReportViewCache } from '../../../../lambdas/reports/core/get-report';
import { viewKey } from '../../../../lambdas/reports/core/keys';
import { makeHandler as makeDrilldowns } from '../../../../lambdas/reports/handlers/fetch-drilldowns.handler';
import { makeHandler as makeGetReport } from '../../../../lambdas/reports/handlers/get-report.handler';
import { storeDrill } from '../drill-fixture';
import { allowancePorts, memoryPorts, seededCompanies } from '../fakes';
import { drillReportView } from '../support/report-documents';
import { envelope, httpEvent, lambdaContext } from './events';

/**
 * The report screen's two large answers travel gzip-compressed to a browser that accepts it
 * (every browser does), and stay plain JSON for a client that does not.
 */

async function setup() {
  const companies = await seededCompanies();
  const { store } = memoryPorts();
  await companies.updateClient('client-a', { latest_report_id: 'rep-1' });
  await store.putJson(viewKey('client-a', 'rep-1'), drillReportView());
  await storeDrill(store, 'client-a', 'rep-1');
  const ports = allowancePorts();
  const reportViews = new ReportViewCache();
  const reportAnswers = new ReportAnswerCache();
  const report = makeGetReport(() => ({
    companies,
    store,
    ...ports,
    cache: reportViews,
    answers: reportAnswers,
  }));
  const drillCache = new DrillCache();
  const drillAnswers = new DrillAnswerCache();
  const drill = makeDrilldowns(() => ({
    companies,
    store,
    ...ports,
    cache: drillCache,
    answers: drillAnswers,
  }));
  return { report, drill };
}

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

const getReport = (sub: string, headers: Record<string, string> = {}) =>
  httpEvent({
    method: 'GET',
    path: '/ss_rest/get_report',
    sub,
    query: { client_uid: 'client-a' },
    headers,
  });

const drillStation = (sub: string, headers: Record<string, string> = {}) =>
  httpEvent({
    method: 'POST',
    path: '/ss_rest/fetch_drilldowns',
    sub,
    body: {
      client_uid: 'client-a',
      filters: { drill: [{ dimension: 'station', key: 'WXYZ', label: 'WXYZ' }] },
    },
    headers,
  });

/** The body as the browser reads it: gunzipped when the answer says it is gzip. */
function bodyText(res: APIGatewayProxyStructuredResultV2): string {
  const body = res.body ?? '';
  if (res.headers?.['content-encoding'] !== 'gzip') return body;
  expect(res.isBase64Encoded).toBe(true);
  return gunzipSync(Buffer.from(body, 'base64')).toString('utf8');
}

describe('report answers sent compressed', () => {
  test('get_report answers a browser that accepts gzip with the same report, compressed to a fraction', async () => {
    const { report } = await setup();

    const plain = await report(getReport('alice'), lambdaContext);
    const packed = await report(getReport('alice', GZIP), lambdaContext);
    const again = await report(getReport('alice', GZIP), lambdaContext);

    expect(plain.headers?.['content-encoding']).toBeUndefined();
    expect(packed.statusCode).toBe(200);
    expect(packed.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
    expect(JSON.parse(bodyText(packed))).toEqual(JSON.parse(plain.body ?? ''));
    expect(bodyText(again)).toBe(plain.body);
    expect(Buffer.from(packed.body ?? '', 'base64').length).toBeLessThan(
      (plain.body ?? '').length / 3,
    );
  });

  test('fetch_drilldowns answers compressed too, with the filters as sent', async () => {
    const { drill } = await setup();

    const plain = await drill(drillStation('alice'), lambdaContext);
    const packed = await drill(drillStation('alice', GZIP), lambdaContext);

    expect(packed.headers?.['content-encoding']).toBe('gzip');
    expect(bodyText(packed)).toBe(plain.body);
    expect(envelope({ body: bodyText(packed) }).result).toMatchObject({
      filters: { drill: [{ dimension: 'station', key: 'WXYZ', label: 'WXYZ' }] },
    });
  });

  test("another customer's request after a compressed answer gets the plain 404, no report bytes", async () => {
    const { report, drill } = await setup();
    await report(getReport('alice', GZIP), lambdaContext);
    await drill(drillStation('alice', GZIP), lambdaContext);

    const refused = await report(getReport('bob', GZIP), lambdaContext);
    const refusedDrill = await drill(drillStation('bob', GZIP), lambdaContext);

    for (const res of [refused, refusedDrill]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers?.['content-encoding']).toBeUndefined();
      expect(res.body).not.toContain('Acme');
      expect(res.body).not.toContain('WXYZ');
      expect(envelope(res).error?.code).toBe('not_found');
    }
  });

  test('a client that refuses gzip (q=0) or names none gets plain JSON', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
