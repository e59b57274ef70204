import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddbDocClient } from '#shared/aws/clients';
import { newClientRecord } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { resolveDataDir } from '#shared/reference/dmas';
import { ENV, RATINGS_RECOMPUTE_WORKER } from '#shared/workers';
import { createRng } from '../../lambdas/attribution/simulator/prng';
import { loadHandler } from './handler-loader';
import { expectComplete, gatewayImports, type ImportCalls, importFile } from './import-file';
import { lambdaContext } from './lambda-context';
import { waitForReport } from './report-run';
import type { SeedContext } from './seed';
import { writeSimulatedVisits } from './simulated-visits';

/**
 * The local sample ratings: about a dozen sample-data advertisers, each in its own organisation
 * (so each is one voice), airing on fictional stations (call signs ending in "RTG") of three
 * markets, with simulated website visits, run through the real import and report pipeline
 * (each report's Store step files its ratings contributions), then a ratings recompute. Built so
 * the thresholds show: in each market stations S1-S6 have every advertiser and enough airings
 * (S1 and S2 in one daypart, so daypart ratings exist), S7 only four advertisers and S8 too few
 * airings: those two are withheld.
 */

/** Organisation of sample ratings advertiser n: one each, nobody a member (staff can open them). */
export const ratingsSampleOrg = (n: number) => `org-ratings-sample-${n}`;
/** Client uid of sample ratings advertiser n. */
export const ratingsSampleClient = (n: number) => `ratings-sample-${n}`;

interface SampleMarket {
  code: string;
  tz: string;
  letter: 'W' | 'K';
}

/** The three markets of the sample. */
export const RATINGS_SAMPLE_MARKETS: readonly SampleMarket[] = [
  { code: '501', tz: 'America/New_York', letter: 'W' },
  { code: '602', tz: 'America/Chicago', letter: 'W' },
  { code: '803', tz: 'America/Los_Angeles', letter: 'K' },
];

/** Station i (1..8) of a market: S1-S4 TV, S5-S7 radio, S8 cable. */
export function sampleStation(m: SampleMarket, i: number): { call: string; type: string } {
  const call = `${m.letter}${'ABCDEFGH'[i - 1]}${m.code.at(-1)}RTG`;
  return { call, type: i <= 4 ? 'tv' : i <= 7 ? 'radio' : 'cable' };
}

/** Options of the sample. */
export interface RatingsSeedOptions {
  /** Advertisers. @default 12 */
  advertisers?: number;
  /**
   * Spots a month each advertiser airs on each of S1-S6 of every market. With fewer advertisers,
   * more spots keep those stations over RATING_MIN_AIRINGS (6 advertisers x 9 = 54). @default 6
   */
  spotsPerStation?: number;
  /** Calendar months aired, 'YYYY-MM' (ended long ago: published at once). @default ['2016-09', '2016-10'] */
  months?: readonly string[];
  /** Stops between advertisers (the stack is stopping): throws 'stopped'. */
  signal?: AbortSignal;
}

/**
 * Spots per month on each station of each market for advertiser n (0 = does not air there):
 * `main` on S1-S6, 20 on S7 for the first four advertisers only (below RATING_MIN_ADVERTISERS),
 * 3 on S8 (below RATING_MIN_AIRINGS with up to 16 advertisers).
 */
function spotsOn(station: number, n: number, main: number): number {
  if (station <= 6) return main;
  if (station === 7) return n < 4 ? 20 : 0;
  return 3;
}

const pad = (x: number) => String(x).padStart(2, '0');

/**
 * Advertiser n's post-log (the demo post-log's columns: airing_id, station, station_type,
 * dma_code, date, time (market local), tz, program, creative, length, cost). S1 airs in the
 * morning (06:00-09:00), S2 in the evening (20:00-23:00), the others across the day.
 */
export function ratingsPostlogCsv(
  n: number,
  months: readonly string[],
  spotsPerStation = 6,
): string {
  const rng = createRng(9000 + n);
  const lines = [
    'airing_id,station,station_type,dma_code,date,time,tz,program,creative,length,cost',
  ];
  let id = 0;
  for (const month of months) {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
    for (const market of RATINGS_SAMPLE_MARKETS) {
      for (let s = 1; s <= 8; s++) {
        const { call, type } = sampleStation(market, s);
        for (let k = 0; k < spotsOn(s, n, spotsPerStation); k++) {
          const day = 1 + Math.floor(rng.next() * days);
          const hour =
            s === 1 ? 6 + rng.next() * 3 : s === 2 ? 20 + rng.next() * 3 : 7 + rng.next() * 15;
          const second = Math.floor(hour * 3600);
          const time = `${pad(Math.floor(second / 3600))}:${pad(Math.floor(second / 60) % 60)}:${pad(second % 60)}`;
          const length = rng.next() < 0.7 ? 30 : 15;
          const dollars = (type === 'radio' ? 60 : 300) * (length / 30) * (0.7 + 0.6 * rng.next());
          lines.push(
            [
              `R${String(++id).padStart(5, '0')}`,
              call,
              type,
              market.code,
              `${m}/${day}/${y}`,
              time,
              market.tz,
              'Sample',
              `RTG${n}${length}`,
              length,
              dollars.toFixed(2),
            ].join(','),
          );
        }
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Imports a seed file, once more when the first import does not complete (a busy machine has
 * been seen to fail a large upload mid-file; the file itself is deterministic).
 * @throws when the second import does not complete either.
 */
async function importOnce(
  calls: ImportCalls,
  path: string,
  kind: 'postlog' | 'visits',
  clientUid: string,
  log: (line: string) => void,
): Promise<void> {
  const first = await importFile(calls, { path, kind, clientUid });
  if (first.status === 'complete') return;
  log(`sample ratings: ${clientUid} ${kind} import ended '${first.status}', importing again`);
  expectComplete(await importFile(calls, { path, kind, clientUid }), `${clientUid} ${kind}`);
}

/**
 * Industries of the sample: seven indoor-furniture advertisers (Durable Goods, the demo's top-level
 * industry, so its cohort has ratings) and five restaurants: two cohorts. Not the demo's own
 * Furniture, whose Industry Insights panel compares it with its three sample peers only.
 */
const industryOf = (n: number) => (n % 12 < 7 ? '1269' : '1360');

/**
 * Seeds the sample advertisers through the gateway (post-log and visits imports, a report each)
 * and runs the ratings recompute once. Advertisers that already have a report are skipped.
 * @returns how many advertisers were run and the seconds it took.
 * @throws on the first failed import or report.
 */
export async function seedSampleRatings(
  ctx: SeedContext,
  opts: RatingsSeedOptions = {},
): Promise<{ advertisers: number; seconds: number }> {
  const started = Date.now();
  const months = opts.months ?? ['2016-09', '2016-10'];
  const count = opts.advertisers ?? 12;
  const table = ctx.env[ENV.companiesTable] ?? '';
  const companies = new DynamoCompanies(ddbDocClient(), table);
  const calls = gatewayImports(ctx.url, ctx.operatorToken);
  const scratch = join(ctx.dir, 'seed-ratings');
  mkdirSync(scratch, { recursive: true });
  const first = `${months[0]}-01`;
  const [ly, lm] = (months.at(-1) as string).split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(ly, lm, 0)).toISOString().slice(0, 10);
  let ran = 0;
  try {
    for (let n = 0; n < count; n++) {
      if (opts.signal?.aborted) throw new Error('stopped');
      const name = `Sample Ratings Advertiser ${n + 1}`;
      const { client } = await companies.ensureAdvertiser(ratingsSampleOrg(n), name, () =>
        newClientRecord(
          {
            client_uid: ratingsSampleClient(n),
            org_uid: ratingsSampleOrg(n),
            name,
            sample_data: true,
            industry_id: industryOf(n),
          },
          new Date(),
        ),
      );
      if (client.latest_report_id) continue;
      const postlog = join(scratch, `${client.client_uid}-postlog.csv`);
      writeFileSync(postlog, ratingsPostlogCsv(n, months, opts.spotsPerStation));
      await importOnce(calls, postlog, 'postlog', client.client_uid, ctx.log);
      const visits = join(scratch, `${client.client_uid}-visits.csv`);
      // Two weeks before the first month feed the baseline.
      const fromUtc = Date.parse(`${first}T00:00:00Z`) / 1000 - 14 * 86400;
      const toUtc = Date.parse(`${last}T00:00:00Z`) / 1000 + 2 * 86400;
      await writeSimulatedVisits(postlog, visits, {
        dataDir: resolveDataDir(),
        seed: 9100 + n,
        dailyVisits: 3000 + 500 * n,
        range: { fromUtc, toUtc },
      });
      await importOnce(calls, visits, 'visits', client.client_uid, ctx.log);
      await waitForReport(
        ctx.url,
        client.client_uid,
        { date_start: first, date_end: last },
        await ctx.operatorToken(),
      );
      ran += 1;
      ctx.log(`sample ratings: advertiser ${n + 1} of ${count} reported`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  await runRatingsRecompute(ctx.log);
  return { advertisers: ran, seconds: (Date.now() - started) / 1000 };
}

/** Runs the RatingsRecompute worker (the handler AWS runs) once; failures are logged. */
export async function runRatingsRecompute(
  log: (line: string) => void,
  event: { force?: boolean } = {},
): Promise<void> {
  try {
    const handler = await loadHandler(RATINGS_RECOMPUTE_WORKER.handler);
    const summary = (await handler(
      event,
      lambdaContext(RATINGS_RECOMPUTE_WORKER.id, RATINGS_RECOMPUTE_WORKER.timeoutS),
    )) as { published: unknown[] };
    log(`ratings recompute: ${summary.published.length} period(s) published`);
  } catch (error) {
    log(`ratings recompute failed: ${(error as Error).message}`);
  }
}

const MARKER_KEY = { pk: 'LOCAL#SEED', sk: 'RATINGS' };

/**
 * The first start's sample ratings, once (a marker item): never throws (a failure is logged and
 * retried on the next start). Logs its progress and cost.
 */
export async function seedRatingsIfMissing(ctx: SeedContext, signal?: AbortSignal): Promise<void> {
  const db = ddbDocClient();
  const table = ctx.env[ENV.companiesTable] ?? '';
  if ((await db.send(new GetCommand({ TableName: table, Key: MARKER_KEY }))).Item) return;
  try {
    ctx.log('seeding the sample ratings (12 advertisers, 3 markets) in the background...');
    const { advertisers, seconds } = await seedSampleRatings(ctx, { signal });
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { ...MARKER_KEY, seeded_at: new Date().toISOString() },
      }),
    );
    ctx.log(`sample ratings seeded: ${advertisers} advertisers in ${seconds.toFixed(1)} s`);
  } catch (error) {
    ctx.log(`sample ratings failed (retried on the next start): ${(error as Error).message}`);
  }
}
