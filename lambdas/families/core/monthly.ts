import type { ClientRecord } from '#shared/companies/companies';
import type {
  FamilyDocument,
  FamilyKpi,
  FamilySection,
  FamilyTableSection,
} from '#shared/contracts/families.schema';
import type { BroadcastRow } from '#shared/contracts/report.schema';
import { formatRatio } from '#shared/format';
import { formatFamilyValue } from '#shared/print/family-format';
import type { FamilyPeriod } from './family-periods';
import {
  broadcastKpis,
  broadcastTable,
  headline,
  nonEmpty,
  rankStations,
  recommendations,
} from './figures';
import type { PeriodFigures } from './ports';

/** The three report documents a monthly (or quarterly) report is built from. */
export interface PeriodDocs {
  period: FamilyPeriod;
  prev: FamilyPeriod;
  yoy: FamilyPeriod;
  doc: PeriodFigures | null;
  prevDoc: PeriodFigures | null;
  yoyDoc: PeriodFigures | null;
}

/** What the title line names: the client, and the campaign when scoped to one. */
export interface Subject {
  client: Pick<ClientRecord, 'name'>;
  campaignName?: string | null;
}

const subtitleOf = (s: Subject, what: string) =>
  s.campaignName ? `${what} · campaign ${s.campaignName}` : what;

/**
 * The monthly report of a client (spec §1 report families; a client's month):
 * KPIs (visits, airings, VPA, spend and cost per visit when known) against the previous month
 * and the same month last year; best and worst stations (at least MIN_RANK_AIRINGS airings, by
 * visits per airing); every daypart; every creative; recommendations in plain language; the
 * executive page = headline + KPIs + the first recommendations. Pure.
 */
export function monthlyDocument(subject: Subject, d: PeriodDocs): FamilyDocument {
  const { doc } = d;
  const total = Math.max(0, doc?.summary.attributed_visits ?? 0);
  const { best, worst } = rankStations(doc?.tables.station ?? []);
  const recs = doc ? recommendations(doc, d.prevDoc, d.prev.label) : [];
  const sections: FamilySection[] = doc
    ? nonEmpty([
        broadcastTable('Best stations', 'Station', best, total),
        broadcastTable('Weakest stations', 'Station', worst, total),
        broadcastTable('Dayparts', 'Daypart', doc.tables.daypart ?? [], total),
        broadcastTable('Creatives', 'Creative', doc.tables.creative ?? [], total),
        { kind: 'text', title: 'Recommendations', paragraphs: recs },
      ])
    : [];
  return {
    kind: 'monthly',
    title: subject.client.name,
    subtitle: subtitleOf(subject, 'Monthly report'),
    period: { start: d.period.start, end: d.period.end, label: d.period.label },
    kpis: broadcastKpis(doc, d.prevDoc, d.yoyDoc),
    sections,
    executive: {
      headline: headline(doc, d.prevDoc, d.period.label, d.prev.label),
      bullets: [
        ...(best[0]
          ? [`Best station: ${best[0].label}, ${formatRatio(best[0].visitsper)} visits per airing.`]
          : []),
        ...recs.slice(0, 3),
      ],
    },
  };
}

/** Streaming (CTV) and podcast totals of a period, from its station rows. */
export interface DigitalTotals {
  airings: number;
  visits: number;
  /** Streaming impressions and the visits of the airings that carry them. */
  impressions: number;
  impressionVisits: number;
  /** Podcast downloads and the visits of the airings that carry them. */
  downloads: number;
  downloadVisits: number;
}

/**
 * Sums the streaming and podcast rows of a station table: impressions (downloads for podcasts)
 * and the visits credited to the airings that have them (visits_per_impression × impressions,
 * per 1,000 for streaming, per download for podcasts), so VPD of the whole is Σ visits / Σ.
 */
export function digitalTotals(rows: readonly BroadcastRow[]): DigitalTotals {
  const t: DigitalTotals = {
    airings: 0,
    visits: 0,
    impressions: 0,
    impressionVisits: 0,
    downloads: 0,
    downloadVisits: 0,
  };
  for (const r of rows) {
    t.airings += r.ads;
    t.visits += r.traffic;
    if (r.impressions === null || r.visits_per_impression === null) continue;
    if (r.type === 'podcast') {
      t.downloads += r.impressions;
      t.downloadVisits += r.visits_per_impression * r.impressions;
    } else {
      t.impressions += r.impressions;
      t.impressionVisits += (r.visits_per_impression * r.impressions) / 1000;
    }
  }
  return t;
}

/** Visits per 1,000 impressions of streaming totals (0 without impressions). */
export const perThousand = (t: DigitalTotals) =>
  t.impressions > 0 ? (t.impressionVisits / t.impressions) * 1000 : 0;
/** Visits per download (VPD) of podcast totals (0 without downloads). */
export const perDownload = (t: DigitalTotals) =>
  t.downloads > 0 ? t.downloadVisits / t.downloads : 0;

/**
 * The monthly report of a client's streaming (CTV) and podcast airings: the period documents
 * were run on those media types only. KPIs: attributed visits, airings, streaming impressions and
 * visits per 1,000 impressions, podcast downloads and visits per download (VPD) (the last two
 * pairs only when some airing carries them), each against the previous month and last year;
 * stations with their impressions and VPD; dayparts; creatives; the Pro Digital website impact
 * (new-user share, engaged rate, engagement time in the windows against the baseline) when the
 * visits measure it; recommendations. Pure.
 */
export function monthlyNgDocument(subject: Subject, d: PeriodDocs): FamilyDocument {
  const { doc } = d;
  const totals = (x: PeriodFigures | null) => (x ? digitalTotals(x.tables.station ?? []) : null);
  const [now, prev, yoy] = [totals(doc), totals(d.prevDoc), totals(d.yoyDoc)];
  const kpi = (
    label: string,
    unit: FamilyKpi['unit'],
    pick: (t: DigitalTotals) => number,
  ): FamilyKpi => ({
    label,
    unit,
    value: now ? pick(now) : 0,
    prev: prev ? pick(prev) : null,
    yoy: yoy ? pick(yoy) : null,
  });
  const kpis: FamilyKpi[] = [
    kpi('Attributed visits', 'visits', (t) => t.visits),
    kpi('Airings', 'airings', (t) => t.airings),
  ];
  if (now && now.impressions > 0) {
    kpis.push(kpi('Impressions', 'impressions', (t) => t.impressions));
    kpis.push(kpi('Visits per 1,000 impressions', 'vpd', perThousand));
  }
  if (now && now.downloads > 0) {
    kpis.push(kpi('Downloads', 'impressions', (t) => t.downloads));
    kpis.push(kpi('Visits per download (VPD)', 'vpd', perDownload));
  }
  const total = Math.max(0, now?.visits ?? 0);
  const stations: FamilyTableSection = {
    kind: 'table',
    title: 'Streaming and podcast stations',
    columns: [
      { key: 'label', label: 'Station', unit: 'text' },
      { key: 'type', label: 'Type', unit: 'text' },
      { key: 'airings', label: 'Airings', unit: 'airings' },
      { key: 'impressions', label: 'Impressions / downloads', unit: 'impressions' },
      { key: 'visits', label: 'Visits', unit: 'visits' },
      { key: 'vpd', label: 'VPD', unit: 'vpd' },
    ],
    rows: [...(doc?.tables.station ?? [])]
      .sort((a, b) => b.traffic - a.traffic)
      .map((r) => ({
        label: r.label,
        type: r.type === 'podcast' ? 'Podcast' : 'Streaming',
        airings: r.ads,
        impressions: r.impressions,
        visits: r.traffic,
        vpd: r.visits_per_impression,
      })),
  };
  const recs = doc ? recommendations(doc, d.prevDoc, d.prev.label) : [];
  const sections: FamilySection[] = doc
    ? nonEmpty([
        stations,
        broadcastTable('Dayparts', 'Daypart', doc.tables.daypart ?? [], total),
        broadcastTable('Creatives', 'Creative', doc.tables.creative ?? [], total),
        ...websiteImpact(doc),
        { kind: 'text', title: 'Recommendations', paragraphs: recs },
      ])
    : [];
  const vpdLine =
    now && now.downloads > 0
      ? [`Podcasts: ${formatFamilyValue(perDownload(now), 'vpd')} visits per download.`]
      : [];
  const cpmLine =
    now && now.impressions > 0
      ? [`Streaming: ${formatFamilyValue(perThousand(now), 'vpd')} visits per 1,000 impressions.`]
      : [];
  return {
    kind: 'monthly_ng',
    title: subject.client.name,
    subtitle: subtitleOf(subject, 'Monthly streaming and podcast report'),
    period: { start: d.period.start, end: d.period.end, label: d.period.label },
    kpis,
    sections,
    executive: {
      headline: doc
        ? headline(doc, d.prevDoc, d.period.label, d.prev.label).replace(
            'airings',
            'streaming and podcast airings',
          )
        : `No streaming or podcast airings in ${d.period.label}.`,
      bullets: [...cpmLine, ...vpdLine, ...recs.slice(0, 3)],
    },
  };
}

/** The Pro Digital website impact of the period's airings, when measured and unlocked. */
function websiteImpact(doc: PeriodFigures): FamilySection[] {
  const o = doc.pro_digital?.overall;
  if (!o || !doc.pro_digital) return [];
  const a = doc.pro_digital.available;
  const rows = [
    a.new_user_share && {
      label: 'New-user share',
      window: o.new_user_share.in_window,
      baseline: o.new_user_share.baseline,
      unit: 'pct',
    },
    a.engaged_rate && {
      label: 'Engaged-session rate',
      window: o.engaged_rate.in_window,
      baseline: o.engaged_rate.baseline,
      unit: 'pct',
    },
    a.engagement_time_s && {
      label: 'Average engagement time (s)',
      window: o.engagement_time_s.in_window,
      baseline: o.engagement_time_s.baseline,
      unit: 'count',
    },
  ].filter((r) => r !== false);
  if (rows.length === 0) return [];
  // The column's unit is one per column, so percentages are written as text here.
  const show = (v: number | null, unit: string) =>
    v === null ? null : unit === 'pct' ? `${(v * 100).toFixed(1)}%` : v.toFixed(0);
  return [
    {
      kind: 'table',
      title: 'Website impact (Pro Digital)',
      columns: [
        { key: 'label', label: 'Metric', unit: 'text' },
        { key: 'window', label: 'In airing windows', unit: 'text' },
        { key: 'baseline', label: 'Usual for those minutes', unit: 'text' },
      ],
      rows: rows.map((r) => ({
        label: r.label,
        window: show(r.window, r.unit),
        baseline: show(r.baseline, r.unit),
      })),
    },
  ];
}
