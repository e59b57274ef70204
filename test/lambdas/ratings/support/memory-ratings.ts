import type { RatingsKind } from '#shared/contracts/ratings.schema';
import type { RatingsContribution, SlotRow } from '../../../../lambdas/ratings/core/contribution';
import type { EligibilityRecord } from '../../../../lambdas/ratings/core/eligibility';
import type { PeriodResult, PublishedPeriod } from '../../../../lambdas/ratings/core/model';
import type {
  RatingsClients,
  RatingsResults,
  RatingsSources,
} from '../../../../lambdas/ratings/core/ports';
import type { RecomputeDeps } from '../../../../lambdas/ratings/core/recompute';

/** In-memory ratings ports for the core and handler tests. */

export class MemorySources implements RatingsSources {
  readonly items = new Map<string, RatingsContribution>();
  async file(kind: RatingsKind, c: RatingsContribution) {
    const key = `${kind}|${c.month}|${c.client_uid}`;
    const old = this.items.get(key);
    if (old && old.days_covered > c.days_covered) return false;
    this.items.set(key, structuredClone(c));
    return true;
  }
  async months(kind: RatingsKind) {
    return [
      ...new Set(
        [...this.items.keys()]
          .filter((k) => k.startsWith(`${kind}|`))
          .map((k) => k.split('|')[1] as string),
      ),
    ];
  }
  async listMonth(kind: RatingsKind, month: string) {
    return [...this.items.entries()]
      .filter(([k]) => k.startsWith(`${kind}|${month}|`))
      .map(([, v]) => structuredClone(v));
  }
  async remove(kind: RatingsKind, month: string, clientUid: string) {
    this.items.delete(`${kind}|${month}|${clientUid}`);
  }
}

export class MemoryResults implements RatingsResults {
  readonly published = new Map<RatingsKind, PublishedPeriod[]>();
  readonly stored = new Map<string, PeriodResult>();
  private n = 0;
  async periods(kind: RatingsKind) {
    return [...(this.published.get(kind) ?? [])].sort((a, b) => b.period.localeCompare(a.period));
  }
  async read(kind: RatingsKind, p: PublishedPeriod) {
    return structuredClone(this.stored.get(`${kind}|${p.period}|${p.generation}`) ?? null);
  }
  async publish(result: PeriodResult) {
    const entry = {
      period: result.period,
      generation: `g${++this.n}`,
      rated: result.rows.length,
      published_at: 'now',
    };
    this.stored.set(`${result.kind}|${result.period}|${entry.generation}`, structuredClone(result));
    const list = (this.published.get(result.kind) ?? []).filter((p) => p.period !== result.period);
    this.published.set(result.kind, [...list, entry]);
    return entry;
  }
}

type Record_ = EligibilityRecord & { org_uid: string; industry_id?: string | null };

export class MemoryClients implements RatingsClients {
  readonly records_ = new Map<string, Record_>();
  readonly entitledOrgs = new Set<string>();
  async records(uids: readonly string[]) {
    return new Map(
      uids.flatMap((u) => {
        const r = this.records_.get(u);
        return r ? [[u, r] as const] : [];
      }),
    );
  }
  async orgEntitled(org: string) {
    return this.entitledOrgs.has(org);
  }
}

/** Fresh in-memory recompute deps at a clock well after the test months. */
export function memoryDeps(now = '2026-03-15T00:00:00Z') {
  const sources = new MemorySources();
  const results = new MemoryResults();
  const clients = new MemoryClients();
  const deps: RecomputeDeps = {
    sources,
    results,
    clients,
    stations: { resolver: async () => () => null },
    industryRoot: (id) => (id === '1269' || id === '1268' ? '1268' : id),
    clock: { now: () => new Date(now) },
  };
  return { deps, sources, results, clients };
}

/** One slot row (a station in market 501, TV prime unless told). */
export function slot(
  station: string,
  airings: number,
  visits: number,
  over: Partial<SlotRow> = {},
): SlotRow {
  return {
    station,
    market: '501',
    type: 'tv',
    daypart: 'tv:prime',
    airings,
    visits,
    cost_cents: 0,
    costed_airings: 0,
    costed_seconds: 0,
    ...over,
  };
}

/**
 * A client's contribution to a month: its slot rows, and month totals = the rows' sums plus
 * `otherAirings` airings elsewhere bringing `otherVisits`.
 */
export function contribution(
  clientUid: string,
  orgUid: string,
  rows: SlotRow[],
  opts: {
    month?: string;
    otherAirings?: number;
    otherVisits?: number;
    days?: number;
    industry?: string | null;
  } = {},
): RatingsContribution {
  const airings = rows.reduce((s, r) => s + r.airings, 0) + (opts.otherAirings ?? 0);
  const visits = rows.reduce((s, r) => s + r.visits, 0) + (opts.otherVisits ?? 0);
  return {
    client_uid: clientUid,
    org_uid: orgUid,
    industry_id: opts.industry ?? null,
    month: opts.month ?? '2026-01',
    days_covered: opts.days ?? 31,
    report_id: `r-${clientUid}`,
    updated_at: '2026-02-01T00:00:00Z',
    airings,
    visits,
    rows,
  };
}

/** Files a client record and its contribution (kind by the record: sample_data → sample). */
export async function addClient(
  m: ReturnType<typeof memoryDeps>,
  c: RatingsContribution,
  record: Partial<Record_> = {},
) {
  const r: Record_ = {
    org_uid: c.org_uid,
    sample_data: false,
    demo: false,
    connection_status: 'connected',
    industry_id: c.industry_id,
    ...record,
  };
  m.clients.records_.set(c.client_uid, r);
  await m.sources.file(r.sample_data ? 'sample' : 'real', c);
}
