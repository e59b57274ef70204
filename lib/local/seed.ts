import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import {
  type ClientRecord,
  type CompaniesRepository,
  newClientRecord,
} from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { resolveDataDir } from '#shared/reference/dmas';
import { ENV } from '#shared/workers';
import { newProfile } from '../../lambdas/accounts/core/profile';
import { demoPostlogCsv } from './demo-postlog';
import { gatewayImports, importSeedFile, SEED_STEP_TIMEOUT_MS } from './import-file';
import type { LocalLogins } from './local-logins';
import { DEMO_SLICE, realAiringsPath, slicePostlog } from './postlog-slice';
import { waitForReport } from './report-run';
import { DEMO_INDUSTRY_ID } from './seed-peers';
import { writeSimulatedFootTraffic, writeSimulatedVisits } from './simulated-visits';

/** The developer's own organisation (empty until they import something). */
export const LOCAL_ORG = 'org-local';
/** The demo advertiser's organisation. */
export const DEMO_ORG = 'org-demo';
export const DEMO_CLIENT_NAME = 'Demo Advertiser';

const MARKER_KEY = { pk: 'LOCAL#SEED', sk: 'META' };

/** What the seed needs from the running stack. */
export interface SeedContext {
  /** Gateway base URL. */
  url: string;
  /** The stack's data folder (scratch files go to `<dir>/seed`, removed afterwards). */
  dir: string;
  env: Record<string, string>;
  log: (line: string) => void;
  /**
   * A fresh ID token of the local staff operator, who has an authenticator app (the demo client
   * and the sample peers are writable by staff only, and staff powers need one).
   */
  operatorToken: () => Promise<string>;
}

/**
 * Seeds a first start: the demo advertiser (DEMO_ORG, demo + sample_data, screens say SAMPLE DATA), whose post-log (a slice
 * of the real airings.csv when DATA_DIR has it, else a generated sample), simulated visits and
 * simulated hourly store visits (foot traffic, two stores per DMA) go through the real import path, followed by a report through the real pipeline. A marker
 * item in the CompaniesTable records success, so restarts keep the data and do not reseed.
 * Never throws: a failure is logged and the next start tries again (every step is idempotent).
 */
export async function seedIfFirstStart(ctx: SeedContext): Promise<void> {
  const db = ddbDocClient();
  const table = ctx.env[ENV.companiesTable] ?? '';
  const marker = await db.send(new GetCommand({ TableName: table, Key: MARKER_KEY }));
  if (marker.Item) {
    ctx.log('demo data already seeded');
    return;
  }
  const started = Date.now();
  const scratch = join(ctx.dir, 'seed');
  try {
    ctx.log('first start: seeding the demo advertiser (SAMPLE DATA)...');
    const companies = new DynamoCompanies(db, table);
    const client = await prepareDemoClient(companies);
    mkdirSync(scratch, { recursive: true });
    const postlog = join(scratch, 'demo-postlog.csv');
    await writeDemoPostlog(postlog, ctx.log);

    const calls = gatewayImports(ctx.url, ctx.operatorToken);
    const airings = await importSeedFile(calls, postlog, 'postlog', client.client_uid, 'post-log');
    ctx.log(`post-log imported: ${airings.report?.new_spots} new airings`);

    const visitsPath = join(scratch, 'demo-visits.csv');
    const sim = await writeSimulatedVisits(postlog, visitsPath, {
      dataDir: resolveDataDir(),
      seed: 2016,
      dailyVisits: 20000,
    });
    ctx.log(`visits simulated: ${sim.injectedVisits} airing-driven visits injected`);
    await importSeedFile(calls, visitsPath, 'visits', client.client_uid, 'visits');
    ctx.log('visits imported');

    const storesPath = join(scratch, 'demo-foot-traffic.csv');
    await writeSimulatedFootTraffic(postlog, storesPath, {
      dataDir: resolveDataDir(),
      seed: 2017,
      dailyVisits: 2400,
    });
    await importSeedFile(calls, storesPath, 'foot_traffic', client.client_uid, 'foot traffic');
    ctx.log('foot traffic imported (two stores per DMA); running the first report...');

    const run = await waitForReport(
      ctx.url,
      client.client_uid,
      {},
      await ctx.operatorToken(),
      SEED_STEP_TIMEOUT_MS,
    );
    ctx.log(`report ${run.report_id} ready`);
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { ...MARKER_KEY, client_uid: client.client_uid, seeded_at: new Date().toISOString() },
      }),
    );
    ctx.log(`demo advertiser seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    ctx.log(`demo seed failed (retried on the next start): ${(error as Error).message}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Gives the local accounts (lib/local/local-logins.ts) their records: the demo user's profile
 * (verified, registered, an advertiser) owning LOCAL_ORG ("Local Organization", where their
 * uploads go), and the operator's profile. The demo client is readable by every signed-in user.
 * Idempotent; runs on every start.
 */
export async function ensureLocalAccounts(
  table: string,
  logins: LocalLogins & { subs: { demo: string; operator: string } },
): Promise<void> {
  const db = ddbDocClient();
  const accounts = new DynamoAccounts(db, table);
  const now = new Date().toISOString();
  const people = [
    { id: logins.subs.demo, email: logins.demo.email, first: 'Demo', last: 'User' },
    { id: logins.subs.operator, email: logins.operator.email, first: 'Local', last: 'Operator' },
  ];
  for (const p of people) {
    if (await accounts.getProfile(p.id)) continue;
    await accounts.createProfile(
      newProfile(
        {
          user_id: p.id,
          primary_email: p.email,
          first_name: p.first,
          last_name: p.last,
          user_type: 'self',
          // IAB ad-product taxonomy 2.0: Durable Goods > Furniture (the demo advertiser's line).
          industry_id: '1268',
          company: 'AnalyticOwl Demo',
          url: 'analyticowl.local',
          years_experience: 1,
          default_report_tab: 'daypart',
          email_verified: true,
        },
        new Date(now),
      ),
    );
  }
  if (!(await accounts.getOrganization(LOCAL_ORG)))
    await accounts.putOrganization({
      org_uid: LOCAL_ORG,
      name: 'Local Organization',
      email: logins.demo.email,
      parent_uid: null,
      created_by: logins.subs.demo,
      created_at: now,
      updated_at: now,
    });
  await new DynamoCompanies(db, table).addMembership(logins.subs.demo, LOCAL_ORG, 'owner');
}

async function prepareDemoClient(companies: CompaniesRepository): Promise<ClientRecord> {
  const { client } = await companies.ensureAdvertiser(DEMO_ORG, DEMO_CLIENT_NAME, () =>
    newClientRecord(
      {
        client_uid: 'demo-advertiser',
        org_uid: DEMO_ORG,
        name: DEMO_CLIENT_NAME,
        sample_data: true,
        demo: true,
        industry_id: DEMO_INDUSTRY_ID,
      },
      new Date(),
    ),
  );
  return client;
}

async function writeDemoPostlog(path: string, log: (line: string) => void): Promise<void> {
  const real = realAiringsPath(resolveDataDir());
  if (real) {
    const rows = await slicePostlog(real, path, DEMO_SLICE);
    log(
      `post-log: ${rows} real airings (${DEMO_SLICE.markets.join(', ')}, ${DEMO_SLICE.from} to ${DEMO_SLICE.to})`,
    );
  } else {
    writeFileSync(path, demoPostlogCsv());
    log('post-log: generated sample airings (DATA_DIR has no political-tv-ad-airings-2016)');
  }
}
