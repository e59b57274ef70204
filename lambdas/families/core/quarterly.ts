import type { FamilyDocument, FamilySection } from '#shared/contracts/families.schema';
import { formatDateMDY } from '#shared/format';
import { formatFamilyValue } from '#shared/print/family-format';
import { isoWeeksOf } from './family-periods';
import {
  broadcastKpis,
  broadcastTable,
  changeOf,
  headline,
  nonEmpty,
  rankStations,
  recommendations,
} from './figures';
import type { PeriodDocs, Subject } from './monthly';
import type { PeriodFigures } from './ports';

/** One week of the quarter's trend: Monday (YYYY-MM-DD), airings and attributed visits. */
export interface WeekPoint {
  monday: string;
  airings: number;
  visits: number;
}

/**
 * The weekly trend of a quarter: every ISO week (Monday-Sunday) touching it, from the report's
 * week_number rows (weeks without airings are 0, so the line shows the gaps).
 */
export function weeklyTrend(doc: PeriodFigures | null, period: PeriodDocs['period']): WeekPoint[] {
  const rows = new Map((doc?.tables.week_number ?? []).map((r) => [r.key, r]));
  return isoWeeksOf(period).map((w) => {
    const r = rows.get(w.key);
    return { monday: w.monday, airings: r?.ads ?? 0, visits: Math.max(0, r?.traffic ?? 0) };
  });
}

/**
 * The quarterly report of a client (spec §1; the quarter, with a weekly trend and a
 * quarter-over-quarter table): KPIs against the previous quarter and the same quarter last
 * year; a weekly trend chart (attributed visits and airings per week); the quarter-over-quarter
 * table (each KPI this quarter, the previous one, the change, last year, the change); best and
 * weakest stations; dayparts; recommendations. Pure.
 */
export function quarterlyDocument(subject: Subject, d: PeriodDocs): FamilyDocument {
  const { doc } = d;
  const kpis = broadcastKpis(doc, d.prevDoc, d.yoyDoc);
  const weeks = weeklyTrend(doc, d.period);
  const total = Math.max(0, doc?.summary.attributed_visits ?? 0);
  const { best, worst } = rankStations(doc?.tables.station ?? []);
  const recs = doc ? recommendations(doc, d.prevDoc, d.prev.label) : [];
  const qoq: FamilySection = {
    kind: 'table',
    title: 'Quarter over quarter',
    columns: [
      { key: 'label', label: 'Measure', unit: 'text' },
      { key: 'now', label: d.period.label, unit: 'text' },
      { key: 'prev', label: d.prev.label, unit: 'text' },
      { key: 'prev_change', label: 'Change', unit: 'pct' },
      { key: 'yoy', label: d.yoy.label, unit: 'text' },
      { key: 'yoy_change', label: 'Change', unit: 'pct' },
    ],
    rows: kpis.map((k) => ({
      label: k.label,
      now: showValue(k.value, k.unit),
      prev: k.prev === null || k.prev === undefined ? null : showValue(k.prev, k.unit),
      prev_change: changeOf(k.prev, k.value),
      yoy: k.yoy === null || k.yoy === undefined ? null : showValue(k.yoy, k.unit),
      yoy_change: changeOf(k.yoy, k.value),
    })),
  };
  const sections: FamilySection[] = doc
    ? nonEmpty([
        {
          kind: 'chart',
          title: 'Weekly trend',
          series: [
            {
              label: 'Attributed visits',
              points: weeks.map((w) => ({ x: formatDateMDY(w.monday).slice(0, 5), y: w.visits })),
            },
            {
              label: 'Airings',
              points: weeks.map((w) => ({ x: formatDateMDY(w.monday).slice(0, 5), y: w.airings })),
            },
          ],
        },
        qoq,
        broadcastTable('Best stations', 'Station', best, total),
        broadcastTable('Weakest stations', 'Station', worst, total),
        broadcastTable('Dayparts', 'Daypart', doc.tables.daypart ?? [], total),
        { kind: 'text', title: 'Recommendations', paragraphs: recs },
      ])
    : [];
  const peak = [...weeks].sort((a, b) => b.visits - a.visits)[0];
  return {
    kind: 'quarterly',
    title: subject.client.name,
    subtitle: subject.campaignName
      ? `Quarterly report · campaign ${subject.campaignName}`
      : 'Quarterly report',
    period: { start: d.period.start, end: d.period.end, label: d.period.label },
    kpis,
    sections,
    executive: {
      headline: headline(doc, d.prevDoc, d.period.label, d.prev.label),
      bullets: [
        ...(peak && peak.visits > 0
          ? [
              `Strongest week: the week of ${formatDateMDY(peak.monday)}, ${Math.round(peak.visits).toLocaleString('en-US')} attributed visits from ${peak.airings} airings.`,
            ]
          : []),
        ...recs.slice(0, 3),
      ],
    },
  };
}

const showValue = (v: number, unit: Parameters<typeof formatFamilyValue>[1]) =>
  formatFamilyValue(v, unit);
