import { describe, expect, test } from 'vitest';
import type { DrilldownView } from '#shared/contracts/report.schema';
import { makeHandler as makeDrilldowns } from '../../../../lambdas/reports/handlers/fetch-drilldowns.handler';
import { makeHandler as makeStreamDrilldowns } from '../../../../lambdas/reports/handlers/fetch-stream-drilldowns.handler';
import { storeDrill } from '../drill-fixture';
import { allowancePorts, memoryPorts, seededCompanies } from '../fakes';
import { envelope, httpEvent, lambdaContext } from './events';

async function setup() {
  const companies = await seededCompanies();
  const { store } = memoryPorts();
  await companies.updateClient('client-a', { latest_report_id: 'rep-1' });
  await storeDrill(store, 'client-a', 'rep-1');
  const ports = allowancePorts();
  const deps = () => ({ companies, store, ...ports });
  return { drill: makeDrilldowns(deps), stream: makeStreamDrilldowns(deps) };
}

const post = (path: string, body: unknown, sub: string | null = 'alice') =>
  httpEvent({ method: 'POST', path, sub: sub ?? undefined, body });

describe('fetch_drilldowns and fetch_stream_drilldowns routes', () => {
  test('a station chip filters the report to its programs', async () => {
    const { drill } = await setup();

    const res = await drill(
      post('/ss_rest/fetch_drilldowns', {
        client_uid: 'client-a',
        filters: { drill: [{ dimension: 'station', key: 'WXYZ', label: 'WXYZ' }] },
      }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(200);
    const view = envelope(res).result as DrilldownView;
    expect(view.filters).toEqual({
      broadcast_type: 'all',
      drill: [{ dimension: 'station', key: 'WXYZ', label: 'WXYZ' }],
    });
    expect(view.main.tables.program?.map((r) => r.key)).toEqual(['Movie']);
  });

  test("answers 404 for another customer's client", async () => {
    const { drill, stream } = await setup();

    const res = await drill(
      post('/ss_rest/fetch_drilldowns', { client_uid: 'client-a', report_id: 'rep-1' }, 'bob'),
      lambdaContext,
    );
    const streamRes = await stream(
      post('/ss_rest/fetch_stream_drilldowns', { client_uid: 'client-a' }, 'bob'),
      lambdaContext,
    );

    expect(res.statusCode).toBe(404);
    expect(streamRes.statusCode).toBe(404);
    expect(JSON.stringify(envelope(res))).not.toContain('WABC');
  });

  test('answers 401 without a signed-in user', async () => {
    const { drill } = await setup();

    const res = await drill(
      post('/ss_rest/fetch_drilldowns', { client_uid: 'client-a' }, null),
      lambdaContext,
    );

    expect(res.statusCode).toBe(401);
  });

  test.each([
    [
      { client_uid: 'client-a', filters: { drill: [{ dimension: 'colour', key: 'x' }] } },
      'filters.drill.0.dimension',
    ],
    [
      { client_uid: 'client-a', filters: { broadcast_type: 'satellite' } },
      'filters.broadcast_type',
    ],
    [
      {
        client_uid: 'client-a',
        filters: {
          drill: Array.from({ length: 6 }, () => ({ dimension: 'station', key: 'WABC' })),
        },
      },
      'filters.drill',
    ],
    [{ filters: {} }, 'client_uid'],
  ])('rejects %o with 400 naming %s', async (body, field) => {
    const { drill } = await setup();

    const res = await drill(post('/ss_rest/fetch_drilldowns', body), lambdaContext);

    expect(res.statusCode).toBe(400);
    expect(envelope(res).error?.field).toBe(field);
  });

  test('the stream route serves streaming and podcast rows and refuses the TV group', async () => {
    const { stream } = await setup();

    const ok = await stream(
      post('/ss_rest/fetch_stream_drilldowns', { client_uid: 'client-a' }),
      lambdaContext,
    );
    const tv = await stream(
      post('/ss_rest/fetch_stream_drilldowns', {
        client_uid: 'client-a',
        filters: { broadcast_type: 'tv' },
      }),
      lambdaContext,
    );

    const view = envelope(ok).result as DrilldownView;
    expect(view.main.tables.station?.map((r) => r.type).sort()).toEqual(['podcast', 'streaming']);
    expect(tv.statusCode).toBe(400);
    expect(envelope(tv).error?.field).toBe('filters.broadcast_type');
  });
});
