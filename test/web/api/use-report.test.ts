import { afterEach, describe, expect, test, vi } from 'vitest';
import { fetchReport, upgradeReport } from '../../../web/src/api/use-report';
import { fixtureReport } from '../../e2e/support/fixture-report';
import { fakeReportApi } from '../support/report-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A report in the older stored shape: no comparison, series, station types or impressions. */
function oldReport() {
  const {
    compare: _c,
    series: _s,
    station_types: _t,
    report_compare_date_start: _a,
    report_compare_date_end: _b,
    max_reports: _m,
    free_report: _f,
    ...rest
  } = fixtureReport();
  const tables = Object.fromEntries(
    Object.entries(rest.tables).map(([d, rows]) => [
      d,
      rows.map(({ impressions: _i, visits_per_impression: _v, ...row }) => row),
    ]),
  );
  return { ...rest, tables };
}

describe('get_report', () => {
  test('a report stored before the comparison and chart fields still opens, without them', async () => {
    fakeReportApi({ get_report: { result: oldReport() } });

    const report = await fetchReport({ client_uid: 'demo-coffee' });

    expect(report).toMatchObject({
      compare: null,
      series: { bucket: 'day', points: [] },
      station_types: [],
      max_reports: false,
    });
    expect(report?.tables.station[0]).toMatchObject({
      impressions: null,
      visits_per_impression: null,
    });
  });

  test('fields that are present are never overwritten', () => {
    const current = fixtureReport({ station_types: ['tv', 'cable'] });

    expect(upgradeReport(current)).toEqual(current);
  });

  test('a document that breaks the contract is refused; no report yet is null', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeReportApi({ get_report: { result: { report_id: 'x' } } });
    await expect(fetchReport({ client_uid: 'c' })).rejects.toMatchObject({
      code: 'invalid_report',
    });

    fakeReportApi({ get_report: { status: 404, code: 'not_found', message: 'Report not found.' } });
    await expect(fetchReport({ client_uid: 'c' })).resolves.toBeNull();
  });
});
