import { describe, expect, test } from 'vitest';
import {
  defaultReportSettings,
  type ReportSettingsDoc,
} from '#shared/contracts/report-session.schema';
import { readReportUrl } from '../../../web/src/lib/report-url';
import { rememberView, urlDefaultsOf } from '../../../web/src/lib/view-settings';

function saved(over: Partial<ReportSettingsDoc> = {}): ReportSettingsDoc {
  return { ...defaultReportSettings(), ...over };
}

const stationByCost = saved({
  vpa: 'contribution',
  tables: {
    station: { sort_field: 'cost_per_visit_cents', sort_desc: false, hidden_columns: ['ads'] },
  },
});

describe('saved settings fill what the URL leaves out', () => {
  test('a table opens in its saved sort and the report in the saved VPA mode', () => {
    const url = readReportUrl(new URLSearchParams('tab=station'), urlDefaultsOf(stationByCost));

    expect(url.vpa).toBe('contribution');
    expect(url.sort).toEqual({ key: 'cost_per_visit_cents', dir: 'asc' });
  });

  test("a shared link's own sort and mode win over the saved ones", () => {
    const params = new URLSearchParams('tab=station&sort=ads.desc&vpa=vpa');

    const url = readReportUrl(params, urlDefaultsOf(stationByCost));

    expect(url.vpa).toBe('vpa');
    expect(url.sort).toEqual({ key: 'ads', dir: 'desc' });
  });

  test('a table without a saved sort opens in the mode default (contribution mode: contribution)', () => {
    const url = readReportUrl(new URLSearchParams('tab=program'), urlDefaultsOf(stationByCost));

    expect(url.sort).toEqual({ key: 'contribution', dir: 'desc' });
  });

  test('new settings show every response column (auto), like a bare link', () => {
    expect(defaultReportSettings().vpa).toBe('auto');
    expect(readReportUrl(new URLSearchParams(), urlDefaultsOf(saved())).vpa).toBe('auto');
  });
});

describe('a sort or mode picked on screen is remembered', () => {
  test('a header click saves that table sort and keeps its hidden columns', () => {
    const next = rememberView(
      stationByCost,
      { sort: { key: 'traffic', dir: 'desc' } },
      { tab: 'station' },
    );

    expect(next?.tables.station).toEqual({
      sort_field: 'traffic',
      sort_desc: true,
      hidden_columns: ['ads'],
    });
  });

  test('a sort sent with a tab change is saved for that tab', () => {
    const next = rememberView(
      saved(),
      { tab: 'daypart', sort: { key: 'label', dir: 'asc' } },
      { tab: 'station' },
    );

    expect(next?.tables).toEqual({
      daypart: { sort_field: 'label', sort_desc: false, hidden_columns: [] },
    });
  });

  test('the mode picker saves the VPA mode; clearing it saves the default', () => {
    expect(rememberView(saved(), { vpa: 'share_vpa' }, { tab: 'station' })?.vpa).toBe('share_vpa');
    expect(rememberView(stationByCost, { vpa: null }, { tab: 'station' })?.vpa).toBe('auto');
  });

  test('resets to the default order, drills and unchanged picks save nothing', () => {
    expect(rememberView(stationByCost, { sort: 'default', group: null }, { tab: 'station' })).toBe(
      null,
    );
    expect(rememberView(stationByCost, { drill: [] }, { tab: 'station' })).toBe(null);
    expect(
      rememberView(
        stationByCost,
        { sort: { key: 'cost_per_visit_cents', dir: 'asc' }, vpa: 'contribution' },
        { tab: 'station' },
      ),
    ).toBe(null);
  });
});
