import { MemoryCompanies } from '#shared/companies/memory-companies';
import type { ConnectionRecord, PropertyPullState } from '#shared/connections/connections-store';
import { MemoryConnectionsStore } from '#shared/connections/memory-connections-store';
import { newPullState } from '../../../lambdas/connections/core/attach-properties';
import type {
  Ga4Data,
  Ga4ReportPage,
  Ga4ReportRequest,
  Ga4Row,
  Ga4Staging,
  PullDeps,
  PullQueue,
  StagedPart,
} from '../../../lambdas/connections/core/pull/ports';
import type { PullMessage } from '../../../lambdas/connections/core/pull/pull-message';
import type { VisitsColumns } from '../../../lambdas/imports/core/types';
import { VisitsBuilder } from '../../../lambdas/imports/core/visits-builder';
import { MemoryJobs, MemoryLake, MemoryLakeGenerations } from '../imports/fakes';

/** Ga4Staging in memory, one part per (client, property, UTC day, report day). */
export class MemoryStaging implements Ga4Staging {
  readonly parts = new Map<string, StagedPart & { clientUid: string; utcDay: string }>();
  async putLocalDay(
    clientUid: string,
    propertyId: string,
    localDate: string,
    byUtcDay: ReadonlyMap<string, VisitsColumns>,
  ) {
    for (const [utcDay, visits] of byUtcDay) {
      this.parts.set(`${clientUid}|${propertyId}|${utcDay}|${localDate}`, {
        clientUid,
        utcDay,
        propertyId,
        localDate,
        visits: structuredClone(visits),
      });
    }
  }
  async readUtcDay(clientUid: string, day: string) {
    return [...this.parts.values()]
      .filter((p) => p.clientUid === clientUid && p.utcDay === day)
      .map(({ propertyId, localDate, visits }) => ({
        propertyId,
        localDate,
        visits: structuredClone(visits),
      }));
  }
}

/** The GaPull queue in memory: what was sent, with its delay. */
export class MemoryQueue implements PullQueue {
  readonly sent: { message: PullMessage; delayS: number }[] = [];
  async send(messages: readonly PullMessage[], delayS = 0) {
    for (const message of messages) this.sent.push({ message: { ...message }, delayS });
  }
  /** Takes every queued message (the next poll). */
  take(): PullMessage[] {
    return this.sent.splice(0).map((s) => s.message);
  }
}

/** A scripted answer to one runReport call (a page, or an error to throw). */
export type Ga4Answer = (request: Ga4ReportRequest) => Ga4ReportPage | Error;

/**
 * The GA4 Data API in memory: `rows(request)` gives a report day's rows (paged by limit and
 * offset); `next` answers the next calls instead (errors such as QuotaExhausted, or flags);
 * every request is logged.
 */
export class FakeGa4 implements Ga4Data {
  readonly calls: Ga4ReportRequest[] = [];
  readonly next: Ga4Answer[] = [];
  quota: Ga4ReportPage['quota'] = {
    tokensPerHour: { consumed: 10, remaining: 39_000 },
    tokensPerDay: { consumed: 10, remaining: 190_000 },
  };
  withheld: Ga4ReportPage['withheld'] = { thresholded: false, otherRow: false, sampled: false };
  constructor(public rows: (request: Ga4ReportRequest) => Ga4Row[] = () => []) {}
  async runReport(_connection: ConnectionRecord, request: Ga4ReportRequest) {
    this.calls.push({ ...request });
    const scripted = this.next.shift();
    if (scripted) {
      const answer = scripted(request);
      if (answer instanceof Error) throw answer;
      return answer;
    }
    const all = this.rows(request);
    return {
      rows: all.slice(request.offset, request.offset + request.limit),
      rowCount: all.length,
      quota: this.quota,
      withheld: this.withheld,
      timeZone: null,
    };
  }
}

/** A GA4 row of one local minute (`YYYYMMDDHHMM`) in a place, with `sessions` sessions. */
export function ga4Row(
  time: string,
  sessions: number,
  city = 'Chicago',
  region = 'Illinois',
): Ga4Row {
  return {
    time,
    city,
    region,
    country: 'United States',
    sessions,
    newUsers: sessions / 2,
    pageviews: sessions * 3,
    engagedSessions: sessions / 4,
    engagementS: sessions * 40,
  };
}

/** Visits columns of `rows` [bucket_utc, dma, sessions] (new users, pageviews and engagement derived as ga4Row does). */
export function visits(
  resolution: 'minute' | 'hour',
  rows: readonly [number, string, number][],
): VisitsColumns {
  const b = new VisitsBuilder(resolution);
  for (const [bucket, dma, s] of rows) b.add(bucket, dma, s, s / 2, s * 3, s / 4, s * 40);
  return b.build();
}

/** A connection of client c1 through Google user ann@example.com. */
export function connection(overrides: Partial<ConnectionRecord> = {}): ConnectionRecord {
  return {
    client_uid: 'c1',
    connection_id: 'conn1',
    source: 'oauth',
    ga_email: 'ann@example.com',
    sealed_refresh_token: 'sealed',
    status: 'active',
    invalid_reason: null,
    property_ids: ['1001'],
    created_by: 'alice',
    created_at: '2016-11-01T00:00:00Z',
    version: 1,
    ...overrides,
  };
}

/** A freshly connected property of client c1 (as create_properties stores it). */
export function propertyState(overrides: Partial<PropertyPullState> = {}): PropertyPullState {
  return {
    ...newPullState('c1', 'conn1', {
      gaid: '1001',
      gaview: 'Acme web',
      gaurl: 'https://acme.example',
      time_zone: 'America/Chicago',
    }),
    quota_tokens: 40_000,
    quota_at: '2016-11-15T12:00:00.000Z',
    ...overrides,
  };
}

/** Places Chicago, Illinois in DMA 602 and everything else in unknown geography. */
export const fakeDma = (city: string, region: string) =>
  city === 'Chicago' && region === 'Illinois' ? '602' : '';

/** Fresh in-memory pull deps; `clock.now` moves the time the pull sees. */
export function pullDeps(ga4 = new FakeGa4()) {
  const companies = new MemoryCompanies();
  const jobs = new MemoryJobs();
  const generations = new MemoryLakeGenerations(companies, jobs);
  const clock = { now: new Date('2016-11-15T18:00:00Z') };
  const events = {
    refreshed: [] as string[],
    mailed: [] as ConnectionRecord[],
    landed: [] as string[],
    async visitsLanded(clientUid: string) {
      events.landed.push(clientUid);
    },
    async refreshClientStatus(clientUid: string) {
      events.refreshed.push(clientUid);
    },
    async accessLost(c: ConnectionRecord) {
      events.mailed.push(c);
    },
  };
  let n = 0;
  const deps = {
    store: new MemoryConnectionsStore(),
    ga4,
    staging: new MemoryStaging(),
    queue: new MemoryQueue(),
    events,
    dmaFor: fakeDma,
    lake: new MemoryLake(generations),
    generations,
    newId: () => `id${++n}`,
    now: () => clock.now,
  } satisfies PullDeps;
  return { ...deps, clock };
}
