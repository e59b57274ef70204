import type { StoredAiring } from '../../../lambdas/imports/core/lake-rows';
import { marketIndex } from '../../../lambdas/imports/core/markets';
import type {
  ImportDeps,
  ImportJobRecord,
  ImportJobs,
  LakeWriter,
  UploadStore,
} from '../../../lambdas/imports/core/ports';
import type {
  FootTrafficColumns,
  VisitsColumns,
  VisitsResolution,
} from '../../../lambdas/imports/core/types';
import type { ClientRecord } from '../../../layers/shared/companies/companies';
import { MemoryCompanies } from '../../../layers/shared/companies/memory-companies';
import type { ImportStatus } from '../../../layers/shared/contracts/postlog.schema';

/** DynamoDB's item size limit, bytes: a bigger put or update is refused (ValidationException). */
export const DYNAMODB_ITEM_LIMIT = 400 * 1024;

/** Refuses an item over DynamoDB's 400 KB, as DynamoDB does (size ~ its JSON in UTF-8). */
function checkItemSize(job: ImportJobRecord) {
  if (Buffer.byteLength(JSON.stringify(job)) > DYNAMODB_ITEM_LIMIT) {
    throw Object.assign(new Error('Item size has exceeded the maximum allowed size'), {
      name: 'ValidationException',
    });
  }
}

/**
 * In-memory ImportJobs with the same conditional transitions as DynamoImportJobs, and
 * DynamoDB's 400 KB item limit.
 */
export class MemoryJobs implements ImportJobs {
  readonly jobs = new Map<string, ImportJobRecord>();
  readonly known = new Map<string, { stations: Set<string>; markets: Set<string> }>();
  async create(job: ImportJobRecord) {
    checkItemSize(job);
    this.jobs.set(job.postlog_id, structuredClone(job));
  }
  async get(id: string) {
    const job = this.jobs.get(id);
    return job ? structuredClone(job) : null;
  }
  async transition(id: string, from: readonly ImportStatus[], patch: Partial<ImportJobRecord>) {
    const job = this.jobs.get(id);
    if (!job || !from.includes(job.status)) return false;
    checkItemSize({ ...job, ...patch });
    this.jobs.set(id, structuredClone({ ...job, ...patch }));
    return true;
  }
  async knownEntities(uid: string) {
    const k = this.known.get(uid);
    return { stations: [...(k?.stations ?? [])], markets: [...(k?.markets ?? [])] };
  }
  async addKnownEntities(uid: string, stations: string[], markets: string[]) {
    const k = this.known.get(uid) ?? { stations: new Set<string>(), markets: new Set<string>() };
    for (const s of stations) k.stations.add(s);
    for (const m of markets) k.markets.add(m);
    this.known.set(uid, k);
  }
}

/**
 * Uploads bucket in memory: setting `objects` stands in for the browser's presigned POST;
 * `posts` records each presigned POST's limits; `sizes` overrides an object's stored size.
 */
export class MemoryUploads implements UploadStore {
  readonly objects = new Map<string, string>();
  readonly sizes = new Map<string, number>();
  readonly posts: { key: string; maxBytes: number; contentType: string }[] = [];
  async presignPost(key: string, contentType: string, maxBytes: number) {
    this.posts.push({ key, maxBytes, contentType });
    return { url: 'http://uploads.local/bucket', fields: { key, 'Content-Type': contentType } };
  }
  async read(key: string) {
    const text = this.objects.get(key);
    if (text === undefined) throw new Error(`no object ${key}`);
    const bytes = this.sizes.get(key) ?? Buffer.byteLength(text);
    return { bytes, body: [text] as unknown as AsyncIterable<string> };
  }
}

/** Lake in memory, one entry per partition; counts writes. */
export class MemoryLake implements LakeWriter {
  readonly airings = new Map<string, StoredAiring[]>();
  readonly visits = new Map<string, VisitsColumns>();
  /** Foot-traffic partitions by `<client>/<resolution>/<date>`. */
  readonly footTraffic = new Map<string, FootTrafficColumns>();
  writes = 0;
  async readAirings(client: string, date: string) {
    return structuredClone(this.airings.get(`${client}/${date}`) ?? []);
  }
  async writeAirings(client: string, date: string, rows: StoredAiring[]) {
    this.writes++;
    this.airings.set(`${client}/${date}`, structuredClone(rows));
  }
  async readVisits(client: string, res: VisitsResolution, date: string) {
    return this.visits.get(`${client}/${res}/${date}`) ?? null;
  }
  async writeVisits(client: string, res: VisitsResolution, date: string, v: VisitsColumns) {
    this.writes++;
    this.visits.set(`${client}/${res}/${date}`, v);
  }
  async readFootTraffic(client: string, res: VisitsResolution, date: string) {
    return this.footTraffic.get(`${client}/${res}/${date}`) ?? null;
  }
  async writeFootTraffic(
    client: string,
    res: VisitsResolution,
    date: string,
    f: FootTrafficColumns,
  ) {
    this.writes++;
    this.footTraffic.set(`${client}/${res}/${date}`, f);
  }
  /** Every stored airing of a client. */
  allAirings(client: string): StoredAiring[] {
    return [...this.airings.entries()]
      .filter(([k]) => k.startsWith(`${client}/`))
      .flatMap(([, rows]) => rows);
  }
}

/** Fresh in-memory deps with two DMAs (501 New York, 602 Chicago) and sequential ids. */
/** A client of org-a named Acme with no airings yet (client_uid `uid`). */
export function acmeClient(uid: string): ClientRecord {
  return {
    client_uid: uid,
    org_uid: 'org-a',
    name: 'Acme',
    sample_data: false,
    demo: false,
    postlog_timezone: 'America/New_York',
    airings: 0,
    first_airing_utc: null,
    last_airing_utc: null,
    latest_report_id: null,
    created_at: '2026-01-01T00:00:00Z',
  };
}

export function memoryDeps() {
  let n = 0;
  const deps = {
    jobs: new MemoryJobs(),
    uploads: new MemoryUploads(),
    lake: new MemoryLake(),
    companies: new MemoryCompanies(),
    markets: async () =>
      marketIndex([
        { code: '501', name: 'New York', tz: 'America/New_York', longName: 'New York, NY' },
        { code: '602', name: 'Chicago', tz: 'America/Chicago', longName: 'Chicago, IL' },
      ]),
    now: () => new Date('2026-01-05T12:00:00Z'),
    newId: () => `id${++n}`,
  } satisfies ImportDeps;
  return deps;
}
