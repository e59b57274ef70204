import { describe, expect, test } from 'vitest';
import { MemoryReportStore } from '../../../../lambdas/reports/adapters/memory';
import { makeHandler } from '../../../../lambdas/reports/handlers/print-report.handler';
import { allowancePorts, client, seededCompanies } from '../fakes';
import { FakeImages, FakeRenderer, MemoryPdfFiles } from '../print/fakes';
import { reportDoc } from '../print/fixtures';
import { envelope, httpEvent, lambdaContext } from './events';

/** What update_station_info stores: the resized logo as a PNG data: URL. */
const STORED_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/eL9NzQAAAABJRU5ErkJggg==';

async function setup() {
  const companies = await seededCompanies();
  await companies.putClient(client({ latest_report_id: 'r-1' }));
  const store = new MemoryReportStore();
  await store.putJson('reports/client-a/r-1.json', reportDoc());
  const renderer = new FakeRenderer();
  const images = new FakeImages();
  const handler = makeHandler(() => ({
    companies,
    store,
    renderer,
    files: new MemoryPdfFiles(),
    images,
    ...allowancePorts(),
    // The industry panel is hidden in these printouts: nothing reads it.
    insights: undefined as never,
  }));
  const call = (body: unknown) =>
    handler(
      httpEvent({ method: 'POST', path: '/ss_rest/print_report', sub: 'alice', body }),
      lambdaContext,
    );
  return { call, renderer, images };
}

describe('print_report with the uploaded station logo', () => {
  test('prints the stored logo on the cover without fetching anything', async () => {
    const { call, renderer, images } = await setup();

    const res = await call({
      client_uid: 'client-a',
      print_options: { panel: 'summary' },
      customize: {
        hidden_sections: ['industry'],
        cover: { show_station_logos: true },
        station: { station_logo: STORED_LOGO, name: 'KDEF' },
      },
    });

    expect(res.statusCode).toBe(200);
    expect(images.asked).toEqual([]);
    expect(renderer.calls[0]?.html).toContain(`src="${STORED_LOGO}"`);
  });

  test('a data: address of another kind is refused naming the station logo', async () => {
    const { call, renderer } = await setup();

    const res = await call({
      client_uid: 'client-a',
      customize: { station: { station_logo: 'data:image/svg+xml;base64,PHN2Zz4=' } },
    });

    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(envelope(res))).toContain('Station logo');
    expect(renderer.calls).toEqual([]);
  });
});
