import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddbDocClient } from '#shared/aws/clients';
import { type ClientRecord, newClientRecord } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { resolveDataDir } from '#shared/reference/dmas';
import { ENV } from '#shared/workers';
import { demoPostlogCsv } from './demo-postlog';
import { gatewayImports, importSeedFile, SEED_STEP_TIMEOUT_MS } from './import-file';
import { waitForReport } from './report-run';
import type { SeedContext } from './seed';
import { writeSimulatedFootTraffic, writeSimulatedVisits } from './simulated-visits';

/**
 * The demo advertiser's industry: IAB ad-product taxonomy 2.0 "Furniture" (Durable Goods), the
 * demo user's industry too. Its sample benchmarks come from {@link DEMO_PEERS}.
 */
export const DEMO_INDUSTRY_ID = '1268';
/** Organisation of the sample peers: nobody is a member, so no user can open them (staff can). */
export const DEMO_PEER_ORG = 'org-demo-peers';
/**
 * Sample advertisers of the demo's industry, so its Industry Insights panel has the three other
 * advertisers a benchmark needs (MIN_PEERS). Each gets a generated post-log, simulated website
 * and store visits and a report through the real import and report pipeline; their names never
 * reach a screen.
 */
export const DEMO_PEERS = [
  {
    uid: 'demo-peer-1',
    name: 'Sample Peer Furniture 1',
    seed: 41,
    spotsPerDay: 8,
    dailyVisits: 9000,
  },
  {
    uid: 'demo-peer-2',
    name: 'Sample Peer Furniture 2',
    seed: 42,
    spotsPerDay: 12,
    dailyVisits: 15000,
  },
  {
    uid: 'demo-peer-3',
    name: 'Sample Peer Furniture 3',
    seed: 43,
    spotsPerDay: 6,
    dailyVisits: 6000,
  },
] as const;

const MARKER_KEY = { pk: 'LOCAL#SEED', sk: 'PEERS' };
/** Set once the sample advertisers' contributions carry new users per DMA and week. */
const TRENDS_MARKER_KEY = { pk: 'LOCAL#SEED', sk: 'PEER_WEEKLY_TRENDS' };
/** The sample advertisers of the demo industry whose reports feed the weekly trends view. */
const TREND_CLIENTS = ['demo-advertiser', ...DEMO_PEERS.map((p) => p.uid)];

/** A sample peer's client record (sample data, not a demo: invisible to users). */
function peerClient(peer: (typeof DEMO_PEERS)[number]): ClientRecord {
  return newClientRecord(
    {
      client_uid: peer.uid,
      org_uid: DEMO_PEER_ORG,
      name: peer.name,
      sample_data: true,
      industry_id: DEMO_INDUSTRY_ID,
    },
    new Date(),
  );
}

/**
 * Seeds the demo industry's sample peers once (their own marker item, so a stack seeded before
 * Industry Insights gets them on its next start), and files the demo advertiser under
 * {@link DEMO_INDUSTRY_ID} when it has no industry yet. Every step is idempotent; never throws
 * (a failure is logged and retried on the next start).
 */
export async function seedPeersIfMissing(ctx: SeedContext): Promise<void> {
  const db = ddbDocClient();
  const table = ctx.env[ENV.companiesTable] ?? '';
  const companies = new DynamoCompanies(db, table);
  const demo = await companies.getClient('demo-advertiser');
  if (demo && !demo.industry_id) {
    await companies.updateClient(demo.client_uid, { industry_id: DEMO_INDUSTRY_ID });
  }
  if ((await db.send(new GetCommand({ TableName: table, Key: MARKER_KEY }))).Item) {
    await refileWeeklyTrends(ctx, table);
    return;
  }
  const started = Date.now();
  const scratch = join(ctx.dir, 'seed-peers');
  const calls = gatewayImports(ctx.url, ctx.operatorToken);
  try {
    mkdirSync(scratch, { recursive: true });
    ctx.log('seeding three sample advertisers for the demo industry benchmarks...');
    for (const peer of DEMO_PEERS) {
      const { client } = await companies.ensureAdvertiser(DEMO_PEER_ORG, peer.name, () =>
        peerClient(peer),
      );
      if (client.latest_report_id) continue;
      const postlog = join(scratch, `${peer.uid}-postlog.csv`);
      writeFileSync(
        postlog,
        demoPostlogCsv({ seed: peer.seed, weeks: 8, spotsPerDay: peer.spotsPerDay }),
      );
      await importSeedFile(calls, postlog, 'postlog', client.client_uid, `${peer.uid} post-log`);
      const visits = join(scratch, `${peer.uid}-visits.csv`);
      await writeSimulatedVisits(postlog, visits, {
        dataDir: resolveDataDir(),
        seed: peer.seed * 7,
        dailyVisits: peer.dailyVisits,
      });
      await importSeedFile(calls, visits, 'visits', client.client_uid, `${peer.uid} visits`);
      const stores = join(scratch, `${peer.uid}-foot-traffic.csv`);
      await writeSimulatedFootTraffic(postlog, stores, {
        dataDir: resolveDataDir(),
        seed: peer.seed * 11,
        dailyVisits: Math.round(peer.dailyVisits / 8),
      });
      await importSeedFile(
        calls,
        stores,
        'foot_traffic',
        client.client_uid,
        `${peer.uid} foot traffic`,
      );
      await waitForReport(
        ctx.url,
        client.client_uid,
        {},
        await ctx.operatorToken(),
        SEED_STEP_TIMEOUT_MS,
      );
    }
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { ...MARKER_KEY, seeded_at: new Date().toISOString() },
      }),
    );
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { ...TRENDS_MARKER_KEY, seeded_at: new Date().toISOString() },
      }),
    );
    ctx.log(`sample peers seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    ctx.log(`sample peers failed (retried on the next start): ${(error as Error).message}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A stack seeded before reports filed new users per DMA and week: runs the demo advertiser's
 * and the sample peers' reports once more (about 10 s, once), so the weekly trends view has
 * its demo table. Their marker makes it once; never throws (a failure is logged and retried
 * on the next start).
 */
async function refileWeeklyTrends(ctx: SeedContext, table: string): Promise<void> {
  const db = ddbDocClient();
  if ((await db.send(new GetCommand({ TableName: table, Key: TRENDS_MARKER_KEY }))).Item) return;
  try {
    for (const uid of TREND_CLIENTS) {
      const own = await db.send(
        new GetCommand({ TableName: table, Key: { pk: `CLIENT#${uid}`, sk: 'BENCHMARK' } }),
      );
      const filed = own.Item?.contribution as
        | { weekly_new_users?: { dma_weeks?: unknown } }
        | undefined;
      if (!filed || filed.weekly_new_users?.dma_weeks) continue;
      ctx.log(`re-running ${uid}'s report for the weekly trends view...`);
      await waitForReport(ctx.url, uid, {}, await ctx.operatorToken(), SEED_STEP_TIMEOUT_MS);
    }
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { ...TRENDS_MARKER_KEY, seeded_at: new Date().toISOString() },
      }),
    );
  } catch (error) {
    ctx.log(`weekly trends refile failed (retried on the next start): ${(error as Error).message}`);
  }
}
