import type { ClientRecord } from '#shared/companies/companies';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import type { ImportStatus } from '#shared/contracts/postlog.schema';
import { datasetPrefix, type LakeDataset, legacyGeneration, partitionKey } from '#shared/lake';
import { MemoryLocations } from '#shared/locations/locations';
import type { StoredAiring } from '../../../lambdas/imports/core/lake-rows';
import { marketIndex } from '../../../lambdas/imports/core/markets';
import type {
  GenerationPointer,
  ImportDeps,
  ImportJobRecord,
  ImportJobs,
  LakeGarbage,
  LakeGenerations,
  LakeWriter,
  SwitchExtras,
  UploadStore,
} from '../../../lambdas/imports/core/ports';
import type {
  FootTrafficColumns,
  VisitsColumns,
  VisitsResolution,
} from '../../../lambdas/imports/core/types';

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
  async inReview(org: string, since: string) {
    return [...this.jobs.values()]
      .filter((j) => j.org_uid === org && j.status === 'review' && j.created_at >= since)
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
      .map((j) => structuredClone(j));
  }
  async knownEntities(uid: string) {
    const k = this.known.get(uid);
    return { stations: [...(k?.stations ?? [])], markets: [...(k?.markets ?? [])] };
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
  readonly announced: string[] = [];
  async announce(key: string) {
    if (!this.objects.has(key)) return false;
    this.announced.push(key);
    return true;
  }
  async read(key: string) {
    const text = this.objects.get(key);
    if (text === undefined) throw new Error(`no object ${key}`);
    const bytes = this.sizes.get(key) ?? Buffer.byteLength(text);
    return { bytes, body: [text] as unknown as AsyncIterable<string> };
  }
}

/**
 * Dataset pointers in memory, with the same conditional switch as DynamoLakeGenerations.
 * `beforeSwitch` lets a test run another import at that moment (a race).
 */
export class MemoryLakeGenerations implements LakeGenerations {
  readonly pointers = new Map<string, GenerationPointer>();
  readonly pending = new Map<string, Set<string>>();
  readonly retired = new Map<string, Set<string>>();
  switches = 0;
  beforeSwitch: (() => Promise<void>) | null = null;
  constructor(
    private readonly companies: MemoryCompanies,
    private readonly jobs: MemoryJobs,
  ) {}
  async current(client: string, dataset: LakeDataset) {
    return {
      ...(this.pointers.get(`${client}|${dataset}`) ?? {
        gen: legacyGeneration(dataset),
        version: 0,
      }),
    };
  }
  async begin(client: string, dataset: LakeDataset, gen: string, since: Date) {
    this.set(this.pending, `${client}|${dataset}`).add(`${since.toISOString()}|${gen}`);
  }
  async switchTo(
    client: string,
    dataset: LakeDataset,
    from: GenerationPointer,
    to: { gen: string; since: Date },
    at: Date,
    extras: SwitchExtras = {},
  ) {
    const hook = this.beforeSwitch;
    this.beforeSwitch = null;
    if (hook) await hook();
    const key = `${client}|${dataset}`;
    // Check and set with no await between them: one conditional write, as in DynamoDB.
    if ((this.pointers.get(key)?.version ?? 0) !== from.version) return false;
    this.pointers.set(key, { gen: to.gen, version: from.version + 1 });
    this.set(this.pending, key).delete(`${to.since.toISOString()}|${to.gen}`);
    this.set(this.retired, key).add(`${at.toISOString()}|${from.gen}`);
    if (extras.summary) await this.companies.updateClient(client, extras.summary);
    const k = this.jobs.known.get(client) ?? {
      stations: new Set<string>(),
      markets: new Set<string>(),
    };
    for (const st of extras.known?.stations ?? []) k.stations.add(st);
    for (const m of extras.known?.markets ?? []) k.markets.add(m);
    this.jobs.known.set(client, k);
    this.switches++;
    return true;
  }
  async forget(g: LakeGarbage) {
    const map = g.kind === 'pending' ? this.pending : this.retired;
    this.set(map, `${g.clientUid}|${g.dataset}`).delete(`${g.since}|${g.gen}`);
  }
  async garbage(pendingBefore: Date, retiredBefore: Date) {
    const out: LakeGarbage[] = [];
    for (const [kind, map, before] of [
      ['pending', this.pending, pendingBefore],
      ['retired', this.retired, retiredBefore],
    ] as const) {
      for (const [key, set] of map) {
        const [clientUid = '', dataset = 'airings'] = key.split('|') as [string, LakeDataset];
        for (const e of set) {
          const [since = '', gen = ''] = e.split('|');
          if (since < before.toISOString()) out.push({ clientUid, dataset, gen, kind, since });
        }
      }
    }
    return out;
  }
  private set(map: Map<string, Set<string>>, key: string) {
    const set = map.get(key) ?? new Set<string>();
    map.set(key, set);
    return set;
  }
}

/**
 * The lake in memory: one object per partition key (layers/shared/lake.ts, generations
 * included); counts object writes (puts and copies). `airings`, `visits` and `footTraffic` show
 * the current generations only, as readers see them.
 */
export class MemoryLake implements LakeWriter {
  readonly objects = new Map<string, unknown>();
  writes = 0;
  /** Called before each object write or copy (a test can fail one: a crash). */
  onWrite: ((n: number) => void) | null = null;
  constructor(private readonly generations: MemoryLakeGenerations) {}
  private put(key: string, value: unknown) {
    this.onWrite?.(this.writes + 1);
    this.writes++;
    this.objects.set(key, structuredClone(value));
  }
  private get<T>(key: string): T | null {
    const v = this.objects.get(key);
    return v === undefined ? null : (structuredClone(v) as T);
  }
  async readAirings(client: string, gen: string, date: string) {
    return this.get<StoredAiring[]>(partitionKey(client, 'airings', date, gen)) ?? [];
  }
  async writeAirings(client: string, gen: string, date: string, rows: StoredAiring[]) {
    this.put(partitionKey(client, 'airings', date, gen), rows);
  }
  async readVisits(client: string, res: VisitsResolution, gen: string, date: string) {
    return this.get<VisitsColumns>(partitionKey(client, `visits/${res}`, date, gen));
  }
  async writeVisits(
    client: string,
    res: VisitsResolution,
    gen: string,
    date: string,
    v: VisitsColumns,
  ) {
    this.put(partitionKey(client, `visits/${res}`, date, gen), v);
  }
  async readFootTraffic(client: string, res: VisitsResolution, gen: string, date: string) {
    return this.get<FootTrafficColumns>(partitionKey(client, `foot_traffic/${res}`, date, gen));
  }
  async writeFootTraffic(
    client: string,
    res: VisitsResolution,
    gen: string,
    date: string,
    f: FootTrafficColumns,
  ) {
    this.put(partitionKey(client, `foot_traffic/${res}`, date, gen), f);
  }
  async listDates(client: string, dataset: LakeDataset, gen: string) {
    const prefix = datasetPrefix(client, dataset);
    const file = `/${gen}.parquet`;
    return [...this.objects.keys()]
      .filter((k) => k.startsWith(prefix) && k.endsWith(file))
      .map((k) => /date=([\d-]+)\//.exec(k)?.[1] ?? '')
      .sort();
  }
  async copyPartition(
    client: string,
    dataset: LakeDataset,
    date: string,
    from: string,
    to: string,
  ) {
    this.put(
      partitionKey(client, dataset, date, to),
      this.objects.get(partitionKey(client, dataset, date, from)),
    );
  }
  async deleteGeneration(client: string, dataset: LakeDataset, gen: string) {
    const prefix = datasetPrefix(client, dataset);
    for (const k of [...this.objects.keys()]) {
      if (k.startsWith(prefix) && k.endsWith(`/${gen}.parquet`)) this.objects.delete(k);
    }
  }
  /** Partitions of the current generation of every client's `dataset`s, by `<client>/<res>/<date>`. */
  private current<T>(table: 'airings' | 'visits' | 'foot_traffic'): Map<string, T> {
    const out = new Map<string, T>();
    for (const [key, value] of this.objects) {
      const m =
        /^([a-z-]+)\/client_uid=([^/]+)\/(?:resolution=(\w+)\/)?date=([\d-]+)\/([^/]+)\.parquet$/.exec(
          key,
        );
      if (!m) continue;
      const [, folder, client, res, date, gen] = m;
      const t = folder === 'foot-traffic' ? 'foot_traffic' : folder;
      if (t !== table) continue;
      const dataset = (res ? `${t}/${res}` : t) as LakeDataset;
      const pointer = this.generations.pointers.get(`${client}|${dataset}`);
      if ((pointer?.gen ?? legacyGeneration(dataset)) !== gen) continue;
      out.set(res ? `${client}/${res}/${date}` : `${client}/${date}`, structuredClone(value) as T);
    }
    return out;
  }
  get airings() {
    return this.current<StoredAiring[]>('airings');
  }
  get visits() {
    return this.current<VisitsColumns>('visits');
  }
  get footTraffic() {
    return this.current<FootTrafficColumns>('foot_traffic');
  }
  /** Every stored airing of a client, in the current generation. */
  allAirings(client: string): StoredAiring[] {
    return [...this.airings.entries()]
      .filter(([k]) => k.startsWith(`${client}/`))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .flatMap(([, rows]) => rows);
  }
}

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

/** Fresh in-memory deps with two DMAs (501 New York, 602 Chicago) and sequential ids. */
export function memoryDeps() {
  let n = 0;
  const jobs = new MemoryJobs();
  const companies = new MemoryCompanies();
  const generations = new MemoryLakeGenerations(companies, jobs);
  const deps = {
    jobs,
    uploads: new MemoryUploads(),
    lake: new MemoryLake(generations),
    generations,
    companies,
    markets: async () =>
      marketIndex([
        { code: '501', name: 'New York', tz: 'America/New_York', longName: 'New York, NY' },
        { code: '602', name: 'Chicago', tz: 'America/Chicago', longName: 'Chicago, IL' },
      ]),
    now: () => new Date('2026-01-05T12:00:00Z'),
    newId: () => `id${++n}`,
    knownStores: new MemoryLocations(),
  } satisfies ImportDeps;
  return deps;
}
