// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { ReportSummary } from '#shared/contracts/report.schema';
import { KpiTiles, kpiTiles } from '../../../web/src/report/kpi-tiles';

const summary: ReportSummary = {
  airings: 358,
  total_visits: 48_210,
  attributed_visits: -12.5,
  observed_visits: 6000,
  expected_visits: 6012.5,
  vpa: -0.0349,
  lift_share: 0.71,
  relative_lift: -0.002,
  relative_lift_low: -0.04,
  on_air_per_minute: 1,
  off_air_per_minute: 1,
  on_air_per_day: null,
  off_air_per_day: null,
  cost_cents: null,
  cost_per_visit_cents: null,
  significant_airings: 3,
  dispersion: 1,
  claim_holds: false,
};

const byLabel = (label: string) => kpiTiles(summary, 8).find((t) => t.label === label)!;

describe('KPI tiles', () => {
  test('shows the five tiles in order', () => {
    expect(kpiTiles(summary, 8).map((t) => t.label)).toEqual([
      'Airings',
      'Visits',
      'Attributed visits',
      'VPA',
      'Lift share',
    ]);
  });

  test('negative attributed visits and VPA show 0 with the raw value on hover', () => {
    expect(byLabel('Attributed visits')).toMatchObject({ value: '0', title: 'Raw value: -12.50' });
    expect(byLabel('VPA')).toMatchObject({ value: '0.00', title: 'Raw value: -0.0349' });
  });

  test('lift share is capped at 60% and says when the 5% claim does not hold', () => {
    const lift = byLabel('Lift share');
    expect(lift.value).toBe('>60%');
    expect(lift.note).toMatchObject({ text: 'Not yet significant', good: false });
    expect(lift.sub).toBe('Relative lift -0.2% (95% low -4.0%)');
  });

  test("with hourly visits the tiles speak of the airing's clock hour, not of minutes", () => {
    const tiles = kpiTiles({ ...summary, claim_holds: true }, 8, null, 'hour');
    const attributed = tiles.find((t) => t.label === 'Attributed visits')!;
    const lift = tiles.find((t) => t.label === 'Lift share')!;
    expect(attributed.sub).toBe(
      "In the clock hours of each airing's 8-minute window (hourly visits)",
    );
    expect(lift.note?.title).toBe(
      "95% confidence traffic rises at least 5% in the clock hours of an airing's 8-minute window",
    );
  });

  test('the claim is stated with the window when it holds', () => {
    const lift = kpiTiles({ ...summary, claim_holds: true }, 8).find(
      (t) => t.label === 'Lift share',
    )!;
    expect(lift.note?.title).toBe(
      '95% confidence traffic rises at least 5% within 8 minutes of an airing',
    );
  });
});

describe('comparison period', () => {
  const previous: ReportSummary = {
    ...summary,
    airings: 300,
    total_visits: 50_000,
    attributed_visits: 10,
    vpa: 0,
  };
  const tiles = kpiTiles(summary, 8, { summary: previous, range: '01/01/2024 – 01/31/2024' });
  const tile = (label: string) => tiles.find((t) => t.label === label)!;

  test('each tile shows the change and the comparison value, with the range on hover', () => {
    expect(tile('Airings').compare).toMatchObject({
      changeText: '+19.3%',
      tone: 'good',
      value: '300',
      title: 'Comparison period 01/01/2024 – 01/31/2024: 300',
    });
    expect(tile('Visits').compare).toMatchObject({ changeText: '-3.6%', tone: 'bad' });
  });

  test('a zero comparison value gives no percentage rather than infinity', () => {
    expect(tile('VPA').compare).toMatchObject({ change: null, changeText: '—', tone: 'flat' });
  });

  test('without a comparison period the tiles have no comparison line', () => {
    expect(kpiTiles(summary, 8).every((t) => t.compare === undefined)).toBe(true);
  });
});

describe('tiles pick the chart metric', () => {
  afterEach(cleanup);

  test('tiles with a series are toggle buttons; the others are plain', () => {
    const picked: string[] = [];
    render(
      <KpiTiles
        summary={summary}
        windowMinutes={8}
        metric="visits"
        onMetricChange={(m) => picked.push(m)}
      />,
    );

    const visits = screen.getByRole('button', { name: /^Visits/ });
    expect(visits.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^Attributed visits/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Airings/ }));

    expect(picked).toEqual(['lift', 'airings']);
    expect(screen.queryByRole('button', { name: /^VPA/ })).toBeNull();
    expect(screen.getAllByTestId('kpi-tile')).toHaveLength(5);
  });
});
