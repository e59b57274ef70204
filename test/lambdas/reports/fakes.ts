import type { Caller } from '#shared/auth/caller';
import { type AvailableProducts, noProducts } from '#shared/billing/available-products';
import type { ClientRecord, CompaniesRepository } from '#shared/companies/companies';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import type { OpenHoursFilter } from '#shared/locations/opening-hours';
import type { Airing } from '../../../lambdas/attribution/core/types';
import {
  MemoryExecutions,
  MemoryReportJobs,
  MemoryReportQueue,
  MemoryReportStore,
} from '../../../lambdas/reports/adapters/memory';
import { MemoryIndustryBenchmarks } from '../../../lambdas/reports/adapters/memory-industry-benchmarks';
import { MemoryReportRuns } from '../../../lambdas/reports/adapters/memory-report-runs';
import { MemoryReportSessions } from '../../../lambdas/reports/adapters/memory-report-sessions';
import { dmaDictionary } from '../../../lambdas/reports/core/dma-dictionary';
import { attributionEngine } from '../../../lambdas/reports/core/engine';
import type {
  DigitalColumnsResult,
  LocationVisits,
  QueryEngine,
  ReportRuns,
  ReportStore,
  VisitColumnsResult,
} from '../../../lambdas/reports/core/ports';
import type { StepDeps } from '../../../lambdas/reports/core/steps';

/** Test callers: alice belongs to org-a, bob to org-b. */
export const alice: Caller = {
  userId: 'alice',
  email: 'alice@example.com',
  emailVerified: true,
  staff: false,
  agent: false,
};
export const bob: Caller = {
  userId: 'bob',
  email: 'bob@example.com',
  emailVerified: true,
  staff: false,
  agent: false,
};

/** A client record with sensible defaults. */
export function client(over: Partial<ClientRecord> = {}): ClientRecord {
  return {
    client_uid: 'client-a',
    org_uid: 'org-a',
    name: 'Acme Mattress',
    sample_data: false,
    demo: false,
    postlog_timezone: 'America/New_York',
    airings: 3,
    first_airing_utc: '2024-03-04T14:00:00.000Z',
    last_airing_utc: '2024-03-10T23:30:00.000Z',
    latest_report_id: null,
    created_at: '2024-01-01T00:00:00.000Z',
    ...over,
  };
}

/** Companies with alice in org-a (client-a), bob in org-b (client-b) and a demo client. */
export async function seededCompanies(): Promise<MemoryCompanies> {
  const companies = new MemoryCompanies();
  await companies.addMembership('alice', 'org-a');
  await companies.addMembership('bob', 'org-b');
  await companies.putClient(client());
  await companies.putClient(
    client({ client_uid: 'client-b', org_uid: 'org-b', name: 'Bolt Tires' }),
  );
  await companies.putClient(
    client({
      client_uid: 'demo-1',
      org_uid: 'org-demo',
      name: 'Demo Furniture',
      demo: true,
      sample_data: true,
    }),
  );
  return companies;
}

/** A fixed clock and counting ids (`id-1`, `id-2`, ...). */
export function fixedClock(iso = '2024-04-01T12:00:00.000Z') {
  return { now: () => new Date(iso) };
}
export function countingIds() {
  let n = 0;
  return { next: () => `id-${++n}` };
}

/** All in-memory report ports. */
export function memoryPorts() {
  return {
    jobs: new MemoryReportJobs(() => new Date('2024-04-01T12:00:00.000Z')),
    store: new MemoryReportStore(),
    queue: new MemoryReportQueue(),
    executions: new MemoryExecutions(),
  };
}

/**
 * The state machine steps' dependencies on in-memory ports: the real engine on the calling thread,
 * fresh Industry Insights contributions, the fixed clock unless one is given.
 */
export function memoryStepDeps(parts: {
  query: QueryEngine;
  ports: ReturnType<typeof memoryPorts>;
  companies: CompaniesRepository;
  clock?: { now: () => Date };
  /** The run throttle's slots (the Store step gives its run's back). @default empty, in memory */
  runs?: ReportRuns;
  /** The client's connected analytics properties. @default none */
  connections?: StepDeps['connections'];
  /** The client's store locations (opening hours, nicknames). @default none */
  locations?: StepDeps['locations'];
}): StepDeps {
  return {
    query: parts.query,
    store: parts.ports.store,
    jobs: parts.ports.jobs,
    companies: parts.companies,
    engine: attributionEngine,
    clock: parts.clock ?? fixedClock(),
    benchmarks: new MemoryIndustryBenchmarks(),
    runs: parts.runs ?? new MemoryReportRuns(),
    ...(parts.connections ? { connections: parts.connections } : {}),
    ...(parts.locations ? { locations: parts.locations } : {}),
  };
}

/** `store` with every getJson key recorded in `reads` (to prove what a warm container re-reads). */
export function countingReads(store: ReportStore): { store: ReportStore; reads: string[] } {
  const reads: string[] = [];
  const counted = Object.create(store) as ReportStore;
  counted.getJson = <T>(key: string) => {
    reads.push(key);
    return store.getJson<T>(key);
  };
  return { store: counted, reads };
}

/**
 * The free-report ports of perform_report and get_report (core/usage.ts): usage in memory, the
 * users with an active plan (Advertiser Insights: every pro flag), and other flags per user.
 */
export function allowancePorts(
  activePlans: string[] = [],
  flags: Record<string, Partial<AvailableProducts>> = {},
) {
  return {
    usage: new MemoryReportSessions(),
    plans: {
      hasActivePlan: async (userId: string) => activePlans.includes(userId),
      availableProducts: async (userId: string): Promise<AvailableProducts> => ({
        ...noProducts(),
        ...(activePlans.includes(userId)
          ? { pro_unlimited: true, pro_creatives: true, pro_foot_traffic: true }
          : {}),
        ...flags[userId],
      }),
    },
  };
}

/** An airing at an epoch second in a market. */
export function airing(id: string, startUtc: number, market = '501'): Airing {
  return {
    id,
    startUtc,
    market,
    tz: 'America/New_York',
    station: 'WABC',
    stationType: 'tv',
    network: null,
    program: 'News',
    cableZone: null,
    creative: 'SPOT-A',
    lengthS: 30,
    costCents: 10_000,
    impressions: null,
  };
}

/**
 * Minute visits for `weeks` report weeks starting `weekStartUtc` (epoch seconds) and the 8
 * weeks before them (the baseline's history): 2 visits a minute in DMA 501, 10 more in the 3
 * minutes after each airing's start, and, with `unknownPerMinute`, that many a minute of
 * unknown geography (DMA '') beside them.
 */
export function minuteVisits(
  airings: readonly Pick<Airing, 'startUtc'>[],
  weekStartUtc: number,
  { weeks = 1, unknownPerMinute = 0 }: { weeks?: number; unknownPerMinute?: number } = {},
): VisitColumnsResult {
  const bucketUtc: number[] = [];
  const dmaCode: string[] = [];
  const values: number[] = [];
  for (let t = weekStartUtc - 56 * 86400; t < weekStartUtc + weeks * 7 * 86400; t += 60) {
    const spike = airings.some((a) => t >= a.startUtc && t < a.startUtc + 180) ? 10 : 0;
    bucketUtc.push(t);
    dmaCode.push('501');
    values.push(2 + spike);
    if (unknownPerMinute > 0) {
      bucketUtc.push(t);
      dmaCode.push('');
      values.push(unknownPerMinute);
    }
  }
  return visitColumns({ bucketUtc, dmaCode, values });
}

/** Visit columns from a DMA code per row (dictionary-coded as the query engines return them). */
export function visitColumns(rows: {
  bucketUtc: ArrayLike<number>;
  dmaCode: readonly string[];
  values: ArrayLike<number>;
}): VisitColumnsResult {
  return {
    bucketUtc: Float64Array.from(rows.bucketUtc),
    ...dmaDictionary(rows.dmaCode),
    values: Float64Array.from(rows.values),
  };
}

/** The DMA code of each row of dictionary-coded columns ('' = unknown geography). */
export function dmaCodesOf(cols: {
  dmaIndex: ArrayLike<number>;
  dmaCodes: readonly string[];
}): string[] {
  return Array.from(cols.dmaIndex, (k) => cols.dmaCodes[k] as string);
}

/** A QueryEngine answering from arrays, recording its calls. */
export class FakeQueryEngine implements QueryEngine {
  readonly calls: string[] = [];
  constructor(
    private readonly airings: Airing[],
    private readonly visits: Partial<Record<'minute' | 'hour', VisitColumnsResult>>,
    /** Store visits summed per DMA (foot traffic), by resolution; none by default. */
    private readonly footTraffic?: Partial<Record<'minute' | 'hour', VisitColumnsResult>>,
    private readonly locations: LocationVisits[] = [],
    /**
     * The Pro Digital metrics by resolution; by default the visits as sessions, no new users and
     * no engagement measured.
     */
    private readonly digital?: Partial<Record<'minute' | 'hour', DigitalColumnsResult>>,
  ) {}
  async extractAirings(clientUid: string, fromUtc: number, toUtc: number) {
    this.calls.push(`airings ${clientUid} ${fromUtc} ${toUtc}`);
    return this.airings.filter((a) => a.startUtc >= fromUtc && a.startUtc < toUtc);
  }
  async extractVisits(
    clientUid: string,
    resolution: 'minute' | 'hour',
    fromUtc: number,
    toUtc: number,
    method: string,
  ) {
    this.calls.push(`visits ${clientUid} ${resolution} ${fromUtc} ${toUtc} ${method}`);
    const v = this.visits[resolution];
    return v ?? visitColumns({ bucketUtc: [], dmaCode: [], values: [] });
  }
  async extractDigital(clientUid: string, resolution: 'minute' | 'hour', from: number, to: number) {
    this.calls.push(`digital ${clientUid} ${resolution} ${from} ${to}`);
    const own = this.digital?.[resolution];
    if (own) return own;
    const v = this.visits[resolution];
    const n = v?.bucketUtc.length ?? 0;
    return {
      bucketUtc: v?.bucketUtc ?? new Float64Array(0),
      dmaIndex: v?.dmaIndex ?? new Uint16Array(0),
      dmaCodes: v?.dmaCodes ?? [''],
      sessions: v?.values ?? new Float64Array(0),
      newUsers: new Float64Array(n),
      engagedSessions: new Float64Array(n).fill(Number.NaN),
      engagementS: new Float64Array(n).fill(Number.NaN),
    };
  }
  async hasVisits(_clientUid: string, resolution: 'minute' | 'hour') {
    return (this.visits[resolution]?.bucketUtc.length ?? 0) > 0;
  }
  /** The opening-hours filter of the last foot-traffic read (undefined: none given). */
  lastOpen: OpenHoursFilter | undefined;
  async extractFootTraffic(
    clientUid: string,
    resolution: 'minute' | 'hour',
    from: number,
    to: number,
    open?: OpenHoursFilter,
  ) {
    this.calls.push(`foot-traffic ${clientUid} ${resolution} ${from} ${to}`);
    this.lastOpen = open;
    const v = this.footTraffic?.[resolution];
    return v ?? visitColumns({ bucketUtc: [], dmaCode: [], values: [] });
  }
  async hasFootTraffic(_clientUid: string, resolution: 'minute' | 'hour') {
    return (this.footTraffic?.[resolution]?.bucketUtc.length ?? 0) > 0;
  }
  async footTrafficLocations(): Promise<LocationVisits[]> {
    return this.locations;
  }
}
