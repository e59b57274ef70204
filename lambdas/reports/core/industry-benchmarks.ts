import type { IndustryTrend } from '#shared/contracts/industry-insights.schema';
import {
  INDUSTRY_SECTION_TITLES,
  INDUSTRY_SECTIONS,
  type IndustryRow,
  type IndustrySection,
  type IndustrySectionId,
  MIN_KEY_AIRINGS,
  MIN_PEERS,
} from '#shared/contracts/industry-insights.schema';
import type { ContributionSection, IndustryContribution } from './industry-contribution';

/**
 * The benchmark math of Industry Insights (layers/shared/contracts/industry-insights.schema.ts):
 * scale-free indexes per key, the median over the other advertisers, k-anonymity. Pure.
 */

/** Rows shown for stations and programs (most-used by the industry first). */
export const MAX_NAMED_BENCHMARK_ROWS = 10;

/** Where contributions are kept (DynamoDB in AWS and locally; memory in tests). */
export interface IndustryBenchmarkStore {
  /** The client's latest contribution, whatever its industry (null before its first report). */
  getOwn(clientUid: string): Promise<IndustryContribution | null>;
  putOwn(contribution: IndustryContribution): Promise<void>;
  /** Files (or replaces) the client's contribution under an industry. */
  putInIndustry(industryId: string, contribution: IndustryContribution): Promise<void>;
  /** Takes the client's contribution out of an industry (no-op when absent). */
  removeFromIndustry(industryId: string, clientUid: string, sampleData: boolean): Promise<void>;
  /** Every contribution filed under the industry, sample-data ones or real ones. */
  listIndustry(industryId: string, sampleData: boolean): Promise<IndustryContribution[]>;
  /** Stores (or, with null, removes) an industry's weekly trend of one kind (real or sample). */
  putTrend(industryId: string, sampleData: boolean, trend: IndustryTrend | null): Promise<void>;
  /** Every industry's weekly trend of one kind: industry id → trend. */
  listTrends(sampleData: boolean): Promise<Map<string, IndustryTrend>>;
}

/**
 * Index of a key for one advertiser: 100 × (visits/ads there) / (visits/airings overall).
 * @returns null when the key has fewer than MIN_KEY_AIRINGS airings or the advertiser's overall
 *   response is not positive (an index of a non-positive average means nothing).
 */
export function keyIndex(
  section: ContributionSection,
  row: { ads: number; visits: number },
): number | null {
  if (row.ads < MIN_KEY_AIRINGS || section.airings <= 0) return null;
  const overall = section.visits / section.airings;
  if (!(overall > 0)) return null;
  return (100 * (row.visits / row.ads)) / overall;
}

/** Median of a non-empty list (mean of the middle two when even). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1
    ? (s[mid] as number)
    : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Per key across the peers: their indexes, their shares of airings and a label. */
interface KeyStats {
  label: string;
  indexes: number[];
  shares: number[];
}

/**
 * One section's benchmark rows: keys where at least MIN_PEERS other advertisers have an index.
 * Industry index = median of their indexes; industry share = mean of their shares of airings
 * (over the peers that contribute the section, 0 where a peer has no airings there). Rows keep
 * the client's table order for time-like sections (dayparts, days, lengths); stations, programs
 * and formats are ordered by industry share, stations and programs cut to MAX_NAMED_BENCHMARK_ROWS.
 */
export function benchmarkRows(
  section: IndustrySectionId,
  own: ContributionSection | undefined,
  peers: readonly ContributionSection[],
): IndustryRow[] {
  const stats = new Map<string, KeyStats>();
  for (const p of peers) {
    for (const r of p.rows) {
      const s = stats.get(r.key) ?? { label: r.label, indexes: [], shares: [] };
      const index = keyIndex(p, r);
      if (index !== null) s.indexes.push(index);
      s.shares.push(p.airings > 0 ? r.ads / p.airings : 0);
      stats.set(r.key, s);
    }
  }
  const ownRows = new Map((own?.rows ?? []).map((r) => [r.key, r]));
  const rows: IndustryRow[] = [];
  for (const [key, s] of stats) {
    if (s.indexes.length < MIN_PEERS) continue;
    const mine = ownRows.get(key);
    rows.push({
      key,
      label: mine?.label ?? s.label,
      industry_index: median(s.indexes),
      client_index: own && mine ? keyIndex(own, mine) : null,
      industry_share: s.shares.reduce((a, b) => a + b, 0) / peers.length,
      client_share: own && mine && own.airings > 0 ? mine.ads / own.airings : 0,
      advertisers: s.indexes.length,
    });
  }
  return orderRows(section, rows, own);
}

function orderRows(
  section: IndustrySectionId,
  rows: IndustryRow[],
  own: ContributionSection | undefined,
): IndustryRow[] {
  if (section === 'stations' || section === 'programs' || section === 'station_formats') {
    const sorted = rows.sort(
      (a, b) => b.industry_share - a.industry_share || a.label.localeCompare(b.label),
    );
    return section === 'station_formats' ? sorted : sorted.slice(0, MAX_NAMED_BENCHMARK_ROWS);
  }
  // Time-like keys: the client's table order (engine order), then the rest by key.
  const order = new Map((own?.rows ?? []).map((r, i) => [r.key, i]));
  return rows.sort((a, b) => {
    const ia = order.get(a.key) ?? Number.MAX_SAFE_INTEGER;
    const ib = order.get(b.key) ?? Number.MAX_SAFE_INTEGER;
    return ia - ib || a.key.localeCompare(b.key, 'en', { numeric: true });
  });
}

/**
 * Every section of the panel for a client: locked sections carry no rows; unlocked ones the
 * benchmark rows of the peers (other advertisers, never the client itself) that contribute it.
 * @param unlocked whether the caller's available_products open a section.
 */
export function benchmarkSections(
  own: IndustryContribution | null,
  contributions: readonly IndustryContribution[],
  unlocked: (section: IndustrySectionId) => boolean,
): IndustrySection[] {
  const peers = contributions.filter((c) => c.client_uid !== own?.client_uid);
  return INDUSTRY_SECTIONS.map((section) => {
    const title = INDUSTRY_SECTION_TITLES[section];
    if (!unlocked(section)) return { section, title, locked: true, rows: [] };
    const peerSections = peers
      .map((p) => p.sections[section])
      .filter((s): s is ContributionSection => s !== undefined);
    return {
      section,
      title,
      locked: false,
      rows: benchmarkRows(section, own?.sections[section], peerSections),
    };
  });
}

/**
 * An industry's typical visits per airing (VPA): the median over its advertisers (at least
 * MIN_PEERS with airings) of each one's attributed website visits per airing in its latest
 * report; null with fewer (k-anonymity). Used by the call centre's record (spec §3
 * industry_summary.sessions_per_airing).
 */
export function industryVisitsPerAiring(
  contributions: readonly IndustryContribution[],
): number | null {
  const vpas = contributions
    .map((c) => c.sections.dayparts)
    .filter((s): s is ContributionSection => !!s && s.airings > 0)
    .map((s) => s.visits / s.airings);
  return vpas.length >= MIN_PEERS ? median(vpas) : null;
}
