import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { s3Client } from '#shared/aws/clients';
import { MemoryConnectionsStore } from '#shared/connections/memory-connections-store';
import type { TokenVault } from '#shared/connections/token-vault';
import { type LakeDataset, legacyGeneration } from '#shared/lake';
import { dmaForPlace } from '#shared/reference/geo-dma';
import { Ga4DataApi } from '../../lambdas/connections/adapters/ga4-data';
import { authClientFor, dataApi } from '../../lambdas/connections/adapters/google-clients';
import { googleSettingsLoader } from '../../lambdas/connections/adapters/google-config';
import { S3Ga4Staging } from '../../lambdas/connections/adapters/s3-ga4-staging';
import { newPullState } from '../../lambdas/connections/core/attach-properties';
import type { PullDeps } from '../../lambdas/connections/core/pull/ports';
import type { PullMessage } from '../../lambdas/connections/core/pull/pull-message';
import { pullProperty } from '../../lambdas/connections/core/pull/pull-property';
import { S3Lake } from '../../lambdas/imports/adapters/s3-lake';
import type {
  GenerationPointer,
  LakeGarbage,
  LakeGenerations,
} from '../../lambdas/imports/core/ports';
import { VIEWER_PROPERTY_ID } from '../../lib/local/google/directory';
import { googleEnv } from '../../lib/local/google/env-vars';
import { startLocalGoogle } from '../../lib/local/google/google-server';
import { LOCAL_BUCKETS, startS3 } from '../../lib/local/s3';

/** Dataset pointers in memory (DynamoDB's conditional switch, without DynamoDB Local's JVM). */
class BenchGenerations implements LakeGenerations {
  private readonly pointers = new Map<string, GenerationPointer>();
  async current(client: string, dataset: LakeDataset) {
    return (
      this.pointers.get(`${client}|${dataset}`) ?? { gen: legacyGeneration(dataset), version: 0 }
    );
  }
  async begin() {}
  async switchTo(
    client: string,
    dataset: LakeDataset,
    from: GenerationPointer,
    to: { gen: string },
  ) {
    const key = `${client}|${dataset}`;
    if ((this.pointers.get(key)?.version ?? 0) !== from.version) return false;
    this.pointers.set(key, { gen: to.gen, version: from.version + 1 });
    return true;
  }
  async forget(_g: LakeGarbage) {}
  async garbage() {
    return [];
  }
}

/**
 * `npm run bench -- ga-pull`: the GA4 backfill of 14 months of one property, end to end as the
 * GaPull worker runs it (pullProperty), from the local Google stand-in (the official Data API
 * client, Viewer access with the service account's self-signed JWT) into Parquet on s3rver
 * (each day staged, the client's visits partitions rebuilt and committed as generations). Only
 * the pointers live in memory instead of DynamoDB. Prints the backfill rate in visit-minutes
 * (minute x DMA rows with visits written to the lake) per second.
 */
export async function runGaPullBench(log: (line: string) => void): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'ao-ga-pull-bench-'));
  const google = await startLocalGoogle({ dir: join(dir, 'google') });
  const s3 = await startS3({
    dir: join(dir, 's3'),
    corsOrigins: ['http://127.0.0.1'],
    onRecord: () => {},
    log: () => {},
  });
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    S3_FORCE_PATH_STYLE: '1',
  });
  try {
    const settings = await googleSettingsLoader(googleEnv(google, 'http://127.0.0.1:9'))();
    const noVault: TokenVault = {
      seal: async () => {
        throw new Error('viewer access holds no token');
      },
      open: async () => {
        throw new Error('viewer access holds no token');
      },
    };
    const store = new MemoryConnectionsStore();
    const queue: PullMessage[] = [];
    const lake = new S3Lake(s3Client(), LOCAL_BUCKETS.lake);
    let requests = 0;
    const ga4 = new Ga4DataApi(async (connection) =>
      dataApi(await authClientFor(connection, { settings, vault: noVault }), settings),
    );
    const deps: PullDeps = {
      store,
      ga4: {
        runReport: (c, r) => {
          requests++;
          return ga4.runReport(c, r);
        },
      },
      staging: new S3Ga4Staging(s3Client(), LOCAL_BUCKETS.lake),
      lake,
      generations: new BenchGenerations(),
      queue: { send: async (messages) => void queue.push(...messages) },
      events: { refreshClientStatus: async () => {}, accessLost: async () => {} },
      dmaFor: dmaForPlace,
      newId: () => randomUUID(),
      now: () => new Date(),
    };
    await store.putConnection({
      client_uid: 'bench',
      connection_id: 'viewer',
      source: 'viewer',
      ga_email: '',
      sealed_refresh_token: null,
      status: 'active',
      invalid_reason: null,
      property_ids: [VIEWER_PROPERTY_ID],
      created_by: 'bench',
      created_at: new Date().toISOString(),
      version: 1,
    });
    await store.putPropertyState(
      newPullState('bench', 'viewer', {
        gaid: VIEWER_PROPERTY_ID,
        gaview: 'bench',
        gaurl: '',
        time_zone: 'America/Chicago',
      }),
    );

    queue.push({ client_uid: 'bench', property_id: VIEWER_PROPERTY_ID, reason: 'backfill' });
    const t0 = performance.now();
    let runs = 0;
    for (let m = queue.shift(); m; m = queue.shift()) {
      await pullProperty(deps, m);
      runs++;
    }
    const seconds = (performance.now() - t0) / 1000;

    const state = await store.getPropertyState('bench', VIEWER_PROPERTY_ID);
    const pointer = await deps.generations.current('bench', 'visits/minute');
    let minutes = 0;
    let sessions = 0;
    const dates = await lake.listDates('bench', 'visits/minute', pointer.gen);
    for (const date of dates) {
      const v = await lake.readVisits('bench', 'minute', pointer.gen, date);
      minutes += v?.length ?? 0;
      sessions += v?.sessions.reduce((a, b) => a + b, 0) ?? 0;
    }
    log(
      `ga-pull: backfill of one property (${state?.pull.from} to ${state?.pull.to}, ${state?.pull.progress}%) from the Google stand-in into Parquet on s3rver`,
    );
    log(
      `  ${dates.length} UTC days, ${runs} runs, ${requests} runReport calls, ${minutes} visit-minutes (${Math.round(sessions)} sessions) in ${seconds.toFixed(1)} s`,
    );
    log(`  backfill rate: ${Math.round(minutes / seconds)} visit-minutes per second`);
  } finally {
    await google.stop();
    await s3.stop();
    if (!process.env.KEEP_BENCH_DIR) await rm(dir, { recursive: true, force: true });
    else log(dir);
  }
}
