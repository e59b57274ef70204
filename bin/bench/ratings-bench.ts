import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import { ddbDocClient } from '#shared/aws/clients';
import { newClientRecord } from '#shared/companies/companies';
import { clientItem } from '#shared/companies/dynamo-companies';
import { ROUTES } from '#shared/routes';
import { ENV, RATINGS_RECOMPUTE_WORKER } from '#shared/workers';
import { DAYPARTS } from '../../lambdas/attribution/core/dayparts';
import { createRng } from '../../lambdas/attribution/simulator/prng';
import { monthsItem, sourceItem } from '../../lambdas/ratings/adapters/dynamo-ratings-sources';
import { computePeriod } from '../../lambdas/ratings/core/compute';
import type { RatingsContribution, SlotRow } from '../../lambdas/ratings/core/contribution';
import { loadHandler } from '../../lib/local/handler-loader';
import { lambdaContext } from '../../lib/local/lambda-context';
import { startLocalStack } from '../../lib/local/local-stack';
import { callApi } from '../../lib/local/route-calls';
import { percentile } from './report-api-bench';

/** The bench's scale: 500 advertisers × 12 months of contributions. */
const ADVERTISERS = 500;
const MONTHS = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);
/** Markets, stations per market; each advertiser airs in 2 markets on 6 stations. */
const MARKETS = [
  '501',
  '602',
  '803',
  '504',
  '506',
  '511',
  '524',
  '505',
  '618',
  '623',
  '753',
  '539',
  '819',
  '527',
  '528',
];
const STATIONS_PER_MARKET = 12;
/** Concurrent requests and requests per case of nowl_top_ten_summaries. */
const CONNECTIONS = 20;
const REQUESTS = 400;
/** Budget for nowl_top_ten_summaries' p95, milliseconds (the house's read budget). */
export const TOP_TEN_P95_BUDGET_MS = 100;

const TV_DAYPARTS = DAYPARTS.filter((d) => d.set === 'tv').map((d) => d.key);
const RADIO_DAYPARTS = DAYPARTS.filter((d) => d.set === 'radio').map((d) => d.key);

/** Advertiser n's contribution to a month: 2 markets × 6 stations × 3 dayparts. */
function contributionOf(n: number, month: string): RatingsContribution {
  const rng = createRng(n * 100 + Number(month.slice(5)));
  const rows: SlotRow[] = [];
  for (let k = 0; k < 2; k++) {
    const market = MARKETS[(n + k * 7) % MARKETS.length] as string;
    for (let s = 0; s < 6; s++) {
      const station = (n + s * 5) % STATIONS_PER_MARKET;
      const radio = station >= 8;
      const dayparts = radio ? RADIO_DAYPARTS : TV_DAYPARTS;
      for (let d = 0; d < 3; d++) {
        const airings = 2 + Math.floor(rng.next() * 8);
        rows.push({
          station: `${radio ? 'K' : 'W'}B${String.fromCharCode(65 + station)}${market}`,
          market,
          type: radio ? 'radio' : 'tv',
          daypart: dayparts[(n + d) % dayparts.length] as string,
          airings,
          visits: airings * (0.5 + rng.next() * 3) * (1 + station / 10),
          cost_cents: airings * (radio ? 6000 : 30000),
          costed_airings: airings,
          costed_seconds: airings * 30,
        });
      }
    }
  }
  const airings = rows.reduce((s, r) => s + r.airings, 0);
  return {
    client_uid: `bench-r-${n}`,
    org_uid: `bench-org-${n}`,
    industry_id: ['1268', '1360', '1494', '1416'][n % 4] as string,
    month,
    days_covered: 30,
    report_id: `r-${n}-${month}`,
    updated_at: new Date().toISOString(),
    airings,
    visits: rows.reduce((s, r) => s + r.visits, 0),
    rows,
  };
}

/** Fires REQUESTS POSTs with `body`; 2xx latencies in ms and the failures. */
async function load(url: string, body: unknown) {
  const latencies: number[] = [];
  let failed = 0;
  await new Promise<void>((resolve, reject) => {
    const run = autocannon(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        connections: CONNECTIONS,
        amount: REQUESTS,
        timeout: 30,
      },
      (err) => (err ? reject(err) : resolve()),
    );
    run.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
      else failed++;
    });
  });
  return { latencies, failed };
}

/**
 * The ratings benchmark: 500 sample advertisers (one organisation each) × 12 months of
 * synthetic contributions in DynamoDB Local, the RatingsRecompute worker over all of them (the
 * handler AWS runs: Query per month, client records, compute, BatchWrite), then
 * nowl_top_ten_summaries through the local gateway under 20 concurrent requests (every list, and
 * one market). The load generator runs in the stack's process.
 */
export async function runRatingsBench(log: (line: string) => void): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'analyticowl-ratings-bench-'));
  const stack = await startLocalStack({ dir, port: 0, seed: false, buildWeb: false });
  try {
    const table = stack.env[ENV.companiesTable] ?? '';
    const db = ddbDocClient();
    const t0 = Date.now();
    for (let i = 0; i < ADVERTISERS; i += 25) {
      const items = Array.from({ length: Math.min(25, ADVERTISERS - i) }, (_, k) => {
        const n = i + k;
        return {
          PutRequest: {
            Item: clientItem(
              newClientRecord(
                {
                  client_uid: `bench-r-${n}`,
                  org_uid: `bench-org-${n}`,
                  name: `Bench ${n}`,
                  sample_data: true,
                  industry_id: ['1268', '1360', '1494', '1416'][n % 4] as string,
                },
                new Date(),
              ),
            ),
          },
        };
      });
      await db.send(new BatchWriteCommand({ RequestItems: { [table]: items } }));
    }
    // The items the report's Store step files, written 25 a batch (the set-up is not measured).
    const items = MONTHS.flatMap((month) =>
      Array.from({ length: ADVERTISERS }, (_, n) => sourceItem('sample', contributionOf(n, month))),
    );
    const batches: Promise<unknown>[] = [];
    for (let i = 0; i < items.length; i += 25) {
      batches.push(
        db.send(
          new BatchWriteCommand({
            RequestItems: {
              [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
            },
          }),
        ),
      );
      if (batches.length >= 8) await Promise.all(batches.splice(0));
    }
    await Promise.all(batches);
    await db.send(new PutCommand({ TableName: table, Item: monthsItem('sample', MONTHS) }));
    log(
      `ratings: ${ADVERTISERS} advertisers × ${MONTHS.length} months of contributions written in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    // The pure core alone (compute.ts over the same contributions in memory): what is not I/O.
    const t05 = Date.now();
    let previous: ReturnType<typeof computePeriod> | null = null;
    for (const month of MONTHS) {
      previous = computePeriod({
        kind: 'sample',
        period: month,
        computedAt: new Date().toISOString(),
        contributions: Array.from({ length: ADVERTISERS }, (_, n) => ({
          ...contributionOf(n, month),
          industry_root: null,
        })),
        previous,
      });
    }
    log(
      `ratings compute alone (12 periods in memory): ${((Date.now() - t05) / 1000).toFixed(1)} s`,
    );
    const handler = await loadHandler(RATINGS_RECOMPUTE_WORKER.handler);
    const ctx = lambdaContext(RATINGS_RECOMPUTE_WORKER.id, RATINGS_RECOMPUTE_WORKER.timeoutS);
    const t1 = Date.now();
    const first = (await handler({}, ctx)) as { published: { rated: number; withheld: number }[] };
    const firstS = (Date.now() - t1) / 1000;
    const rated = first.published.reduce((s, p) => s + p.rated, 0);
    const withheld = first.published.reduce((s, p) => s + p.withheld, 0);
    log(
      `ratings recompute (first, ${first.published.length} periods): ${firstS.toFixed(1)} s, ${rated} ratings published, ${withheld} slots withheld`,
    );
    const t2 = Date.now();
    await handler({ force: true }, ctx);
    log(
      `ratings recompute (forced, all 12 periods again): ${((Date.now() - t2) / 1000).toFixed(1)} s`,
    );
    const t3 = Date.now();
    await handler({}, ctx);
    log(
      `ratings recompute (daily, nothing new: frozen): ${((Date.now() - t3) / 1000).toFixed(2)} s`,
    );

    const url = new URL(
      ROUTES.find((r) => r.name === 'nowl_top_ten_summaries')?.path ?? '',
      stack.url,
    ).toString();
    // Warm-up (not measured): the container reads the newest period once.
    for (let i = 0; i < 3; i++)
      await Promise.all(
        Array.from({ length: CONNECTIONS }, () => callApi(stack.url, 'nowl_top_ten_summaries', {})),
      );
    for (const c of [
      { label: 'every list', body: {} },
      { label: 'one market', body: { market: '501' } },
      { label: 'one market, one format', body: { market: '501', format: 'broadcast_tv' } },
    ]) {
      const { latencies, failed } = await load(url, c.body);
      const p95 = percentile(latencies, 0.95);
      const verdict = failed === 0 && p95 <= TOP_TEN_P95_BUDGET_MS ? 'OK' : 'OVER';
      log(
        `nowl_top_ten_summaries ${c.label.padEnd(24)} p50 ${percentile(latencies, 0.5).toFixed(0)} ms   p95 ${p95.toFixed(0)} ms   max ${Math.max(...latencies).toFixed(0)} ms   (${REQUESTS} requests, ${CONNECTIONS} concurrent, ${failed} failed: ${verdict})`,
      );
    }
    const [load1] = loadavg();
    log(`load average ${load1?.toFixed(1)} on ${cpus().length} cores during the run`);
  } finally {
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
