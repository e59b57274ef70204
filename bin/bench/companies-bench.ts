import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import { ddbDocClient } from '#shared/aws/clients';
import { newClientRecord } from '#shared/companies/companies';
import { clientItem, DynamoCompanies } from '#shared/companies/dynamo-companies';
import { COMPANY_SORT_FIELDS } from '#shared/contracts/companies.schema';
import { CONNECTION_STATUSES } from '#shared/contracts/connections.schema';
import { ROUTES } from '#shared/routes';
import { ENV } from '#shared/workers';
import { startLocalStack } from '../../lib/local/local-stack';
import { callApi } from '../../lib/local/route-calls';
import { LOCAL_ORG } from '../../lib/local/seed';
import { percentile } from './report-api-bench';

/** The rep's book: a rep with 1,000 clients. */
const CLIENTS = 1000;
/** Concurrent requests, and requests per filter or sort. */
const CONNECTIONS = 20;
const REQUESTS = 400;
/** Budget for fetch_companies' p95, milliseconds. */
export const COMPANIES_P95_BUDGET_MS = 100;

const STATIONS = ['WABC', 'WCBS', 'WNBC', 'KABC', 'KCBS', 'KNBC', 'WGN', 'WFLD', 'KTLA', 'WPIX'];
const INDUSTRIES = ['1268', '1269', '1270', '1265', '1'];
const DAY_MS = 86_400_000;

/** Writes the rep's 1,000 clients (varied facts) as the repository stores them. */
async function writeBook(companies: DynamoCompanies, table: string, repId: string): Promise<void> {
  const now = Date.now();
  const make = (i: number) =>
    newClientRecord(
      {
        client_uid: `bench-${i}`,
        org_uid: LOCAL_ORG,
        name: `Bench Advertiser ${String(i).padStart(4, '0')}`,
        created_at: new Date(now - (i % 400) * DAY_MS).toISOString(),
        connection_status: CONNECTION_STATUSES[i % CONNECTION_STATUSES.length],
        industry_id: INDUSTRIES[i % INDUSTRIES.length],
        tags: [`tag-${i % 7}`],
        rep_uids: i % 3 === 0 ? [repId] : ['someone-else'],
        rep_names: i % 3 === 0 ? ['Demo User'] : ['Other Rep'],
        station_airings: Object.fromEntries(
          STATIONS.slice(i % 5, (i % 5) + 4).map((s, k) => [s, 10 * (k + 1) + (i % 9)]),
        ),
        media_airings: { tv: 40 + (i % 13) },
        has_costs: i % 4 === 0,
        has_visits: i % 2 === 0,
        ft_locations: i % 6,
        airings: 40 + (i % 13),
        last_airing_utc: new Date(now - (i % 120) * DAY_MS).toISOString(),
        first_airing_utc: new Date(now - 200 * DAY_MS).toISOString(),
        latest_report_id: i % 5 === 0 ? `r-${i}` : null,
      },
      new Date(now),
    );
  // BatchWrite, then one version bump: the same items putClient writes, 25 a call.
  const db = ddbDocClient();
  const batches: Promise<unknown>[] = [];
  for (let i = 0; i < CLIENTS; i += 25)
    batches.push(
      db.send(
        new BatchWriteCommand({
          RequestItems: {
            [table]: Array.from({ length: Math.min(25, CLIENTS - i) }, (_, k) => ({
              PutRequest: { Item: clientItem(make(i + k)) },
            })),
          },
        }),
      ),
    );
  await Promise.all(batches);
  await companies.bumpListVersion({ org_uid: LOCAL_ORG });
}

/**
 * The company task list benchmark: a rep (the local demo user) with 1,000 clients in DynamoDB
 * Local, fetch_companies through the local gateway under 20 concurrent requests for every
 * filter and every sort field; prints p50/p95/max per case against the 100 ms p95 budget. The
 * load generator runs in the stack's process, so the figures include its share of the CPU.
 */
export async function runCompaniesBench(log: (line: string) => void): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'analyticowl-companies-bench-'));
  const stack = await startLocalStack({ dir, port: 0, seed: false, buildWeb: false });
  try {
    const token = await stack.idToken(stack.logins.demo);
    const companies = new DynamoCompanies(ddbDocClient(), stack.env[ENV.companiesTable] ?? '');
    const repId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub;
    const t0 = Date.now();
    await writeBook(companies, stack.env[ENV.companiesTable] ?? '', repId);
    await callApi(stack.url, 'save_favorite', { client_uid: 'bench-7', added: true }, token);
    log(
      `companies: ${CLIENTS} clients of one rep written in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    const url = new URL(ROUTES.find((r) => r.name === 'fetch_companies')?.path ?? '', stack.url);
    const cases: { label: string; body: unknown }[] = [
      { label: 'defaults', body: {} },
      ...[
        'connected',
        'not_connected',
        'connected_invalid',
        'my_companies',
        'new_companies',
        'active',
        'recent',
        'inactive',
        'with_locations',
        'favorites',
        'favorites_first',
        'no_favorites',
        'with_cba',
        'with_ua_only',
      ].map((f) => ({ label: f, body: { filters: { [f]: true } } })),
      { label: 'industries', body: { filters: { industries: ['1268'] } } },
      { label: 'organization_ids', body: { filters: { organization_ids: [LOCAL_ORG] } } },
      { label: 'station_groups', body: { filters: { station_groups: ['WGN'] } } },
      { label: 'tags + search', body: { filters: { tags: ['tag-3'], search: '12' } } },
      ...COMPANY_SORT_FIELDS.map((s) => ({
        label: `sort ${s} desc`,
        body: { filters: { sort_field: s, sort_desc: true }, page: 3 },
      })),
    ];
    // Warm-up (not measured): the first request reads the 1,000 clients into the container's
    // cache and the JIT compiles the list code; the budget is for the steady state after it.
    for (let i = 0; i < 5; i++)
      await Promise.all(
        Array.from({ length: CONNECTIONS }, () => callApi(stack.url, 'fetch_companies', {}, token)),
      );
    let worst = 0;
    for (const c of cases) {
      const latencies: number[] = [];
      let failed = 0;
      await new Promise<void>((resolve, reject) => {
        const run = autocannon(
          {
            url: url.toString(),
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(c.body),
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
      const p95 = percentile(latencies, 0.95);
      worst = Math.max(worst, p95);
      const verdict = failed === 0 && p95 <= COMPANIES_P95_BUDGET_MS ? 'OK' : 'OVER';
      log(
        `fetch_companies ${c.label.padEnd(28)} p50 ${percentile(latencies, 0.5).toFixed(0)} ms   p95 ${p95.toFixed(0)} ms   max ${Math.max(...latencies).toFixed(0)} ms   (${REQUESTS} requests, ${CONNECTIONS} concurrent, ${failed} failed: ${verdict})`,
      );
    }
    log(`fetch_companies worst p95 ${worst.toFixed(0)} ms (budget ${COMPANIES_P95_BUDGET_MS} ms)`);
    // Figures from a busy machine say little: show how busy it was.
    const [load1] = loadavg();
    log(`load average ${load1?.toFixed(1)} on ${cpus().length} cores during the run`);
  } finally {
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
