import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Caller } from '#shared/auth/caller';
import { newClientRecord } from '#shared/companies/companies';
import { MemoryCompanies } from '#shared/companies/memory-companies';
import { loadDmas } from '#shared/reference/dmas';
import { ORG_REPORTING_MAX_CONCURRENCY } from '#shared/workers';
import { pairResults } from '../../lambdas/attribution/core/report';
import { NATIONAL } from '../../lambdas/attribution/core/types';
import { simulateVisits } from '../../lambdas/attribution/simulator/simulate-visits';
import { visitDataFromSimulation } from '../../lambdas/attribution/simulator/to-visit-data';
import { marketName } from '../../lambdas/families/adapters/org-family-deps';
import { statsFromScored } from '../../lambdas/families/core/org-rollup-engine';
import {
  listRollupClients,
  planOrgRollup,
  type RollupDeps,
  rollupClientReport,
  rollupKeys,
  zipOrgRollup,
} from '../../lambdas/families/core/org-rollup-job';
import { renderFamily } from '../../lambdas/families/core/render';
import { readPostlogFile } from '../../lambdas/imports/core/read-postlog-file';
import { localPdfRenderer } from '../../lambdas/reports/adapters/local-pdf-renderer';
import { attributionEngine } from '../../lambdas/reports/core/engine';
import { DEFAULT_WINDOW_MINUTES } from '../../lambdas/reports/core/params';
import { BASELINE_WEEKS } from '../../lambdas/reports/core/steps';
import { demoPostlogCsv } from '../../lib/local/demo-postlog';

const CLIENTS = 50;
const DAY = 86_400;
const OWNER: Caller = {
  userId: 'bench',
  email: null,
  emailVerified: false,
  staff: false,
  agent: false,
};

/**
 * `npm run bench -- families`: the organisation roll-up (generate_org_reporting) of 50 small
 * clients, in memory with the real core code: each client's 2-week demo post-log read by the
 * import's reader, visits simulated with 8 weeks of history, the attribution engine over them,
 * the roll-up's plan, per-client document, PDF through the print path (the machine's Chromium,
 * as the local stack prints), and the zip with the summary CSV; the Map's 4-at-a-time is kept.
 * Clients, jobs and files live in memory (no DynamoDB, S3 or state machine).
 */
export async function runFamiliesBench(log: (line: string) => void): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'analyticowl-families-bench-'));
  const renderer = localPdfRenderer();
  try {
    const companies = new MemoryCompanies();
    await companies.addMembership(OWNER.userId, 'org-bench', 'owner');
    for (let i = 1; i <= CLIENTS; i++)
      await companies.putClient(
        newClientRecord(
          { client_uid: `bench-${i}`, org_uid: 'org-bench', name: `Bench Client ${i}` },
          new Date(),
        ),
      );
    const dmas = await loadDmas();
    const files = new Map<string, Uint8Array>();
    let done = 0;
    let engineS = 0;
    let renderS = 0;
    const deps: RollupDeps = {
      org: {
        companies,
        marketName,
        stats: {
          async statsOf(client) {
            const seed = Number(client.client_uid.split('-')[1]);
            const csv = join(dir, `${client.client_uid}.csv`);
            await writeFile(csv, demoPostlogCsv({ weeks: 2, spotsPerDay: 3, seed }));
            const { airings } = await readPostlogFile(csv, { advertiser: client.name });
            const t0 = performance.now();
            const fromUtc = Math.floor(Math.min(...airings.map((a) => a.startUtc)) / DAY) * DAY;
            const toUtc = fromUtc + 14 * DAY;
            const markets = new Set(airings.map((a) => a.market).filter((m) => m !== NATIONAL));
            const sim = simulateVisits({
              airings,
              fromUtc: fromUtc - BASELINE_WEEKS * 7 * DAY,
              toUtc,
              tvHomesByDma: new Map([...markets].map((m) => [m, dmas.get(m)?.tvHomes ?? 1])),
              seed,
            });
            const result = await attributionEngine.attribute(
              airings,
              visitDataFromSimulation(sim, 'sessions', 'minute'),
              {
                windowMinutes: DEFAULT_WINDOW_MINUTES,
                baselineWeeks: BASELINE_WEEKS,
                fromUtc,
                toUtc,
              },
            );
            engineS += (performance.now() - t0) / 1000;
            return statsFromScored(client.client_uid, pairResults(airings, result));
          },
        },
      },
      jobs: {
        async update() {},
        async countDone() {
          done += 1;
          return done;
        },
      },
      files: {
        async put(key, bytes) {
          files.set(key, bytes);
        },
        async get(key) {
          return files.get(key) ?? null;
        },
      },
      renderPdf: async (doc) => {
        const t0 = performance.now();
        const { pdf } = await renderFamily({ renderer, clock: { now: () => new Date() } }, doc, {
          csv: false,
        });
        renderS += (performance.now() - t0) / 1000;
        return pdf;
      },
    };

    const t0 = performance.now();
    const plan = await planOrgRollup(
      { companies, orgs: { orgNames: async () => new Map([['org-bench', 'Bench Org']]) } },
      OWNER,
      'bench-job',
      { org_uid: 'org-bench', start: '2016-09-05', end: '2016-09-18' },
    );
    files.set(rollupKeys.plan('bench-job'), new TextEncoder().encode(JSON.stringify(plan)));
    const { items } = await listRollupClients(deps, { job_id: 'bench-job' });
    const queue = [...items];
    const failed: string[] = [];
    await Promise.all(
      Array.from({ length: ORG_REPORTING_MAX_CONCURRENCY }, async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          const r = await rollupClientReport(deps, item);
          if (!r.ok) failed.push(r.client_uid);
        }
      }),
    );
    const zip = await zipOrgRollup(deps, { job_id: 'bench-job' });
    const total = (performance.now() - t0) / 1000;
    log(`org roll-up of ${CLIENTS} small clients (in memory, real core code, local Chromium):`);
    log(`  total ${total.toFixed(1)} s wall, ${ORG_REPORTING_MAX_CONCURRENCY} clients at a time`);
    log(
      `  summed per client: engine ${engineS.toFixed(1)} s, PDF ${renderS.toFixed(1)} s; zip ${(zip.bytes / 1024).toFixed(0)} KiB`,
    );
    if (failed.length > 0) throw new Error(`${failed.length} clients failed: ${failed.join(', ')}`);
  } finally {
    await renderer.close();
    await rm(dir, { recursive: true, force: true });
  }
}
