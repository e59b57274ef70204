import { describe, expect, test } from 'vitest';
import type { ReportDocument } from '#shared/contracts/report.schema';
import {
  contributionOf,
  MAX_NAMED_ROWS,
  stationTypeLabel,
} from '../../../../lambdas/reports/core/industry-contribution';
import { broadcastRow } from '../../../support/broadcast-row';

type Doc = Parameters<typeof contributionOf>[0];

function doc(over: Partial<Doc> = {}): Doc {
  return {
    client_uid: 'client-a',
    report_id: 'r1',
    sample_data: false,
    summary: { airings: 30, attributed_visits: 90 } as ReportDocument['summary'],
    tables: {
      daypart: [broadcastRow('Prime', 20, 70), broadcastRow('Late', 10, 20)],
      day_of_week: [broadcastRow('Mon', 30, 90)],
      spot_length: [broadcastRow('30', 25, 80), broadcastRow('15', 5, 10)],
      station: [
        broadcastRow('WAAA', 10, 30, { type: 'tv' }),
        broadcastRow('WBBB', 12, 40, { type: 'tv' }),
        broadcastRow('KRAD', 8, 20, { type: 'radio' }),
      ],
      program: [broadcastRow('News', 3, 5), broadcastRow('Empty', 0, 0)],
    } as Doc['tables'],
    foot_traffic: null,
    ...over,
  };
}

describe('an advertiser’s contribution to its industry', () => {
  test('carries counts per key of the web tables, never names of advertisers or money', () => {
    const c = contributionOf(doc(), '2026-11-23T10:00:00.000Z');

    expect(c.sections.dayparts).toEqual({
      airings: 30,
      visits: 90,
      rows: [
        { key: 'Prime', label: 'Prime', ads: 20, visits: 70 },
        { key: 'Late', label: 'Late', ads: 10, visits: 20 },
      ],
    });
    expect(c.sections.ad_durations?.rows.map((r) => r.key)).toEqual(['30', '15']);
    expect(JSON.stringify(c)).not.toMatch(/cost|advertiser/i);
  });

  test('station formats sum the station rows by station type', () => {
    const c = contributionOf(doc(), '2026-11-23T10:00:00.000Z');

    expect(c.sections.station_formats?.rows).toEqual([
      { key: 'tv', label: 'Broadcast TV', ads: 22, visits: 70 },
      { key: 'radio', label: 'Radio', ads: 8, visits: 20 },
    ]);
  });

  test('rows without airings are left out, and so are empty sections', () => {
    const c = contributionOf(
      doc({ tables: { daypart: [broadcastRow('Prime', 0, 0)] } as Doc['tables'] }),
      'x',
    );

    expect(c.sections.programs).toBeUndefined();
    expect(c.sections.dayparts).toBeUndefined();
  });

  test('stations keep the forty with most airings', () => {
    const many = Array.from({ length: 55 }, (_, i) => broadcastRow(`S${i}`, i + 1, i));

    const c = contributionOf(doc({ tables: { station: many } as Doc['tables'] }), 'x');

    expect(c.sections.stations?.rows).toHaveLength(MAX_NAMED_ROWS);
    expect(c.sections.stations?.rows[0]?.key).toBe('S54');
  });

  test('foot traffic gives the day and hour sections from the store-visit tables', () => {
    const ft = {
      summary: { airings: 12, attributed_visits: 6 },
      tables: { day_of_week: [broadcastRow('Sat', 12, 6)], daypart: [broadcastRow('Noon', 12, 6)] },
    } as unknown as ReportDocument['foot_traffic'];

    const c = contributionOf(doc({ foot_traffic: ft }), 'x');

    expect(c.sections.foot_traffic_days).toEqual({
      airings: 12,
      visits: 6,
      rows: [{ key: 'Sat', label: 'Sat', ads: 12, visits: 6 }],
    });
    expect(c.sections.foot_traffic_hours?.rows[0]?.key).toBe('Noon');
  });

  test('station type labels', () => {
    expect(stationTypeLabel('streaming')).toBe('Streaming / CTV');
    expect(stationTypeLabel('satellite_radio')).toBe('Satellite radio');
    expect(stationTypeLabel('')).toBe('Unknown');
  });
});
