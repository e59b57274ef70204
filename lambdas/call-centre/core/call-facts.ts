import type { CallSize, Competitor } from '#shared/contracts/call-record';
import { slugOf } from '#shared/slug';
import type { CallFacts, MonitoredAiring } from './ports';

/** Options of {@link buildCallFacts}. */
export interface CallFactsOptions {
  /** Programs kept per advertiser. @default 25 */
  maxPrograms?: number;
  /** Stations kept per advertiser. @default 25 */
  maxStations?: number;
  /** Competitors kept per advertiser. @default 5 */
  maxCompetitors?: number;
}

/** Upper bounds of airings per week of each size (spec §3 size; thresholds are ours). */
const SIZE_LIMITS: ReadonlyArray<[number, CallSize]> = [
  [10, 'small'],
  [50, 'medium'],
  [200, 'large'],
];
const DAY_S = 86_400;
/** How many of the log's last weeks "always on air" looks at. */
const ON_AIR_WEEKS = 4;

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const dayOf = (epochS: number) => Math.floor(epochS / DAY_S);
const isoDay = (day: number) => new Date(day * DAY_S * 1000).toISOString().slice(0, 10);

/**
 * Grouping key of an advertiser name: lower case, accents dropped, every run of other
 * characters one space, so "Donald J. Trump" and "DONALD J TRUMP" are one advertiser.
 */
export const normaliseAdvertiser = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A URL-safe slug of a name (its grouping key with '-' for spaces), at most 60 characters. */
export function advertiserSlug(name: string): string {
  return slugOf(name) || 'advertiser';
}

/** A short stable hash (FNV-1a, base 36) of a normalised name. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36).padStart(7, '0');
}

/** The size of an advertiser airing `perWeek` times a week. */
export function sizeOf(perWeek: number): CallSize {
  return SIZE_LIMITS.find(([limit]) => perWeek <= limit)?.[1] ?? 'xl';
}

/** Counts values; returns them most frequent first (ties by value), at most `cap`. */
function ranked(counts: Map<string, number>, cap = Number.POSITIVE_INFINITY): string[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))
    .slice(0, cap)
    .map(([v]) => v);
}

const bump = (counts: Map<string, number>, value: string) => {
  if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
};

interface Tally {
  key: string;
  spellings: Map<string, number>;
  industries: Map<string, number>;
  programs: Map<string, number>;
  markets: Map<string, number>;
  stations: Map<string, number>;
  days: Set<number>;
  first: number;
  last: number;
  airings: number;
  spend: number | null;
}

function tally(airings: readonly MonitoredAiring[]): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const a of airings) {
    const key = normaliseAdvertiser(a.advertiser);
    if (!key) continue;
    let t = out.get(key);
    if (!t) {
      t = {
        key,
        spellings: new Map(),
        industries: new Map(),
        programs: new Map(),
        markets: new Map(),
        stations: new Map(),
        days: new Set(),
        first: a.start_utc,
        last: a.start_utc,
        airings: 0,
        spend: null,
      };
      out.set(key, t);
    }
    bump(t.spellings, a.advertiser.trim().replace(/\s+/g, ' '));
    bump(t.industries, a.industry_id.trim());
    bump(t.programs, a.program.trim());
    bump(t.markets, a.market.trim());
    bump(t.stations, a.station.trim());
    t.days.add(dayOf(a.start_utc));
    t.first = Math.min(t.first, a.start_utc);
    t.last = Math.max(t.last, a.start_utc);
    t.airings++;
    if (a.cost_cents !== null) t.spend = (t.spend ?? 0) + a.cost_cents;
  }
  return out;
}

/**
 * Ids by grouping key: the slug, plus '-<hash>' where names cut to 60 characters share a slug.
 * A name short enough to be its whole slug keeps the bare slug, so ids stay stable when a
 * look-alike long name appears later.
 */
function idsOf(keys: Iterable<string>): Map<string, string> {
  const bySlug = new Map<string, string[]>();
  for (const key of keys) {
    const slug = advertiserSlug(key);
    const group = bySlug.get(slug);
    if (group) group.push(key);
    else bySlug.set(slug, [key]);
  }
  const ids = new Map<string, string>();
  for (const [slug, group] of bySlug) {
    for (const key of group) {
      const whole = key.replace(/ /g, '-') === slug;
      ids.set(key, group.length === 1 || whole ? slug : `${slug}-${shortHash(key)}`);
    }
  }
  return ids;
}

/**
 * The call list's facts of every advertiser in a monitored market post-log (spec §3 "Call
 * record"). Counters are measured to `as_of`, the last airing day (UTC) of the whole log.
 * `industry_summary.sessions_per_airing` is null here: a monitored log has no website data
 * (refreshCallList adds the industry benchmark). Pure; ordered by airings desc, then name.
 */
export function buildCallFacts(
  airings: readonly MonitoredAiring[],
  industries: ReadonlyMap<string, string>,
  opts: CallFactsOptions = {},
): CallFacts[] {
  const tallies = tally(airings);
  if (tallies.size === 0) return [];
  const all = [...tallies.values()];
  const logFirst = dayOf(Math.min(...all.map((t) => t.first)));
  const asOf = dayOf(Math.max(...all.map((t) => t.last)));
  const spanDays = asOf - logFirst + 1;
  const weeks = Math.min(ON_AIR_WEEKS, Math.ceil(spanDays / 7));
  // A log shorter than a week counts as one week, so a 2-day log is not extrapolated.
  const perWeekDivisor = Math.max(1, spanDays / 7);
  const ids = idsOf(tallies.keys());

  const facts: CallFacts[] = all.map((t) => {
    const industryId = ranked(t.industries, 1)[0] ?? '';
    const onAir = Array.from({ length: weeks }, (_, w) => asOf - 7 * w).every((end) => {
      for (let d = end - 6; d <= end; d++) if (t.days.has(d)) return true;
      return false;
    });
    const id = ids.get(t.key) ?? advertiserSlug(t.key);
    return {
      id,
      uid: id,
      name: ranked(t.spellings, 1)[0] ?? t.key,
      // Without the reference list the id still tells the agent something (like DMA codes).
      industry: industries.get(industryId) ?? (industryId ? `Industry ${industryId}` : ''),
      industry_id: industryId,
      size: sizeOf(t.airings / perWeekDivisor),
      program_list: ranked(t.programs, opts.maxPrograms ?? 25),
      markets: ranked(t.markets),
      stations: ranked(t.stations, opts.maxStations ?? 25),
      days_since_first_spot: asOf - dayOf(t.first),
      days_since_campaign: asOf - dayOf(t.last),
      always_on_air: onAir,
      competitor_list: [],
      industry_summary: { sessions_per_airing: null },
      airings: t.airings,
      spend: t.spend,
      as_of: isoDay(asOf),
    };
  });
  facts.sort((a, b) => b.airings - a.airings || cmp(a.name, b.name) || cmp(a.id, b.id));
  addCompetitors(facts, opts.maxCompetitors ?? 5);
  return facts;
}

/** Fills competitor_list: others of the same known industry, by spend then airings. */
function addCompetitors(facts: CallFacts[], max: number): void {
  const byIndustry = new Map<string, CallFacts[]>();
  for (const f of facts) {
    if (!f.industry_id) continue;
    const group = byIndustry.get(f.industry_id);
    if (group) group.push(f);
    else byIndustry.set(f.industry_id, [f]);
  }
  for (const group of byIndustry.values()) {
    group.sort(
      (a, b) => (b.spend ?? -1) - (a.spend ?? -1) || b.airings - a.airings || cmp(a.name, b.name),
    );
    const top = group.slice(0, max + 1);
    for (const f of group) {
      f.competitor_list = top
        .filter((c) => c.id !== f.id)
        .slice(0, max)
        .map(
          (c): Competitor => ({ id: c.id, advertiser: c.name, spend: c.spend, airings: c.airings }),
        );
    }
  }
}
