import { describe, expect, test } from 'vitest';
import { newClientRecord } from '#shared/companies/companies';
import type { StoredReportView } from '#shared/contracts/report.schema';
import { fetchCompanyBreakdowns } from '../../../../lambdas/companies/core/company-breakdowns';
import { callerOf, clientWorld } from '../client-fakes';

const alice = callerOf('alice');
const NOW = new Date('2026-03-01T00:00:00Z');

/** A stored report view with the summary numbers given and two stations. */
function view(reportId: string, vpa: number, lift: number): StoredReportView {
  const row = (label: string, type: string, ads: number, visitsper: number) => ({
    key: label,
    label,
    ads,
    visitsper,
    type,
  });
  return {
    report_id: reportId,
    report_date_start: '2026-02-02',
    report_date_end: '2026-02-15',
    summary: {
      airings: 30,
      attributed_visits: 90,
      vpa,
      relative_lift: lift,
      cost_cents: 150_000,
      cost_per_visit_cents: 1666.6,
    },
    tables: { station: [row('WXYZ', 'tv', 20, 4), row('KABC', 'radio', 10, 1)] },
    series: {
      bucket: 'day',
      points: [
        { t: '2026-02-02T00:00:00Z', visits: 50, baseline: 40, airings: 10 },
        { t: '2026-02-08T00:00:00Z', visits: 45, baseline: 40, airings: 5 },
        { t: '2026-02-09T00:00:00Z', visits: 60, baseline: 40, airings: 15 },
      ],
    },
  } as unknown as StoredReportView;
}

async function setup() {
  const world = await clientWorld();
  const put = (uid: string, org: string, extra: object = {}) =>
    world.companies.putClient(
      newClientRecord({ client_uid: uid, org_uid: org, name: uid, ...extra }, NOW),
    );
  return { ...world, put };
}

describe('fetch_company_breakdowns', () => {
  test('a client without a report shows its post-log: airings by media and station', async () => {
    const { deps, put } = await setup();
    await put('c1', 'org-a', {
      airings: 12,
      first_airing_utc: '2026-01-05T10:00:00.000Z',
      last_airing_utc: '2026-01-20T10:00:00.000Z',
      media_airings: { radio: 4, tv: 8 },
      station_airings: { KABC: 4, WXYZ: 8 },
    });

    const out = await fetchCompanyBreakdowns(deps, alice, { client_uid: 'c1' });

    expect(out.breakdown_data).toMatchObject({
      report_id: null,
      date_start: '2026-01-05',
      date_end: '2026-01-20',
      airings: 12,
      vpa: null,
      by_media: [
        { type: 'tv', airings: 8 },
        { type: 'radio', airings: 4 },
      ],
      top_stations: [
        { station: 'WXYZ', airings: 8, vpa: null },
        { station: 'KABC', airings: 4, vpa: null },
      ],
    });
    expect(out.global_data).toBeUndefined();
  });

  test("a reported client shows its latest report, weeks from Monday, and the mean of the caller's other reports", async () => {
    const { deps, put, reports } = await setup();
    await put('c1', 'org-a', { latest_report_id: 'r1' });
    await put('c2', 'org-a', { latest_report_id: 'r2' });
    await put('c3', 'org-a', { latest_report_id: 'r3' });
    await put('x1', 'org-b', { latest_report_id: 'rx' });
    reports.views.set('c1/r1', view('r1', 3, 0.1));
    reports.views.set('c2/r2', view('r2', 2, 0.2));
    reports.views.set('c3/r3', view('r3', 4, 0.4));
    reports.views.set('x1/rx', view('rx', 100, 9));

    const out = await fetchCompanyBreakdowns(deps, alice, { client_uid: 'c1' });

    expect(out.breakdown_data).toMatchObject({
      report_id: 'r1',
      airings: 30,
      vpa: 3,
      spend_cents: 150_000,
      cost_per_visit_cents: 1667,
      by_media: [
        { type: 'tv', airings: 20 },
        { type: 'radio', airings: 10 },
      ],
      weeks: [
        { week_start: '2026-02-02', airings: 15, visits: 15 },
        { week_start: '2026-02-09', airings: 15, visits: 20 },
      ],
    });
    expect(out.breakdown_data.lift_pct).toBeCloseTo(10);
    // Only org-a's other clients: the stranger's 100 VPA never counts.
    expect(out.global_data?.clients).toBe(2);
    expect(out.global_data?.vpa).toBeCloseTo(3);
    expect(out.global_data?.lift_pct).toBeCloseTo(30);
  });

  test("another customer's client is not found", async () => {
    const { deps, put } = await setup();
    await put('x1', 'org-b');

    const error = await fetchCompanyBreakdowns(deps, alice, { client_uid: 'x1' }).catch((e) => e);

    expect(error).toMatchObject({ status: 404 });
  });
});
