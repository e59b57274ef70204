import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../web/src/api/client';
import { fetchDrilldowns, isUnfiltered, sameFilters } from '../../../web/src/api/use-drilldowns';
import { fixtureReport } from '../../e2e/support/fixture-report';
import { fakeReportApi } from '../support/report-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const input = {
  client_uid: 'c1',
  report_id: 'r1',
  filters: { broadcast_type: 'all' as const, drill: [{ dimension: 'station' as const, key: 'K' }] },
};

describe('fetchDrilldowns', () => {
  test('posts the filters to the named route and returns the checked view', async () => {
    const report = fixtureReport();
    const view = {
      report_id: 'r1',
      filters: input.filters,
      main: { summary: report.summary, tables: report.tables },
      compare: null,
    };
    const calls = fakeReportApi({ fetch_stream_drilldowns: { result: view } });

    const result = await fetchDrilldowns('fetch_stream_drilldowns', input);

    expect(calls).toEqual([{ name: 'fetch_stream_drilldowns', input }]);
    expect(result.main.summary.airings).toBe(358);
  });

  test('an answer that breaks the contract is an error, not a half-drawn screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeReportApi({ fetch_drilldowns: { result: { report_id: 'r1', main: {} } } });

    await expect(fetchDrilldowns('fetch_drilldowns', input)).rejects.toMatchObject({
      code: 'invalid_drilldown',
    });
  });

  test("another customer's client answers 404 not_found, passed on as is", async () => {
    fakeReportApi({
      fetch_drilldowns: { status: 404, code: 'not_found', message: 'Report not found.' },
    });

    const error = await fetchDrilldowns('fetch_drilldowns', input).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
  });
});

describe('filters', () => {
  test('all types without drill filters is the report itself', () => {
    expect(isUnfiltered({ broadcast_type: 'all', drill: [] })).toBe(true);
    expect(isUnfiltered({ broadcast_type: 'cable', drill: [] })).toBe(false);
    expect(isUnfiltered(input.filters)).toBe(false);
  });

  test('labels do not make filters different; order and type do', () => {
    const labelled = {
      broadcast_type: 'all' as const,
      drill: [{ dimension: 'station' as const, key: 'K', label: 'KAAA' }],
    };

    expect(sameFilters(labelled, input.filters)).toBe(true);
    expect(sameFilters({ ...labelled, broadcast_type: 'tv' }, input.filters)).toBe(false);
    expect(sameFilters({ broadcast_type: 'all', drill: [] }, input.filters)).toBe(false);
  });
});
