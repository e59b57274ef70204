import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import { ddbDocClient, s3Client } from '#shared/aws/clients';
import { resolveDataDir } from '#shared/reference/dmas';
import { ENV, MONITORING_PREFIX } from '#shared/workers';
import { csvRecords } from '../../lambdas/imports/core/csv-records';
import { sampleMonitoringCsv } from './sample-monitoring-log';

/**
 * The local call list (spec §1 call-centre tool): on a first start, a monitored market post-log
 * is PUT under MONITORING_PREFIX of the local uploads bucket, and s3rver's event runs the real
 * call-list worker, which builds the list. From the real political post-log when the data folder
 * has it, else a generated sample.
 */

/** Where the seed puts the monitored post-log. */
export const SEED_KEYS = {
  real: `${MONITORING_PREFIX}political-tv-2016.csv`,
  sample: `${MONITORING_PREFIX}sample-markets.csv`,
} as const;

const MARKER_KEY = { pk: 'LOCAL#SEED', sk: 'CALL_LIST' };
const HEADER = 'advertiser,industry_id,station,dma_code,program,start_utc,length_s,cost';

/**
 * IAB ad-product 2.0 id of every sponsor of the real log: Politics. The log holds one race (the
 * 2016 presidential election), so candidates, PACs and other groups all buy the same airtime and
 * are each other's competitors; their sponsor_types ("Multiple" for most committees) would split
 * them arbitrarily.
 */
export const POLITICS_INDUSTRY = '1474';

/** A CSV cell, quoted when it holds a comma, quote or line break. */
const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The monitored post-log of the real data: airings.csv joined with creatives.csv on
 * creative_id (advertiser = the first sponsor, industry Politics), length_s =
 * duration_s, no cost. Airings of unknown creatives are left out. Streams airings.csv.
 * @returns null when the data folder lacks the files.
 */
export async function realMonitoringCsv(
  dataDir: string,
): Promise<{ csv: string; airings: number } | null> {
  const dir = join(dataDir, 'political-tv-ad-airings-2016');
  const airingsFile = join(dir, 'airings.csv');
  const creativesFile = join(dir, 'creatives.csv');
  if (!existsSync(airingsFile) || !existsSync(creativesFile)) return null;
  const creatives = new Map<string, string>();
  const rows = parse(await readFile(creativesFile, 'utf8'), { columns: true, bom: true });
  for (const r of rows as Record<string, string>[]) {
    const sponsor = (r.sponsors ?? '').split(',')[0]?.trim() ?? '';
    if (r.creative_id && sponsor)
      creatives.set(r.creative_id, `${cell(sponsor)},${POLITICS_INDUSTRY}`);
  }
  const lines = [HEADER];
  let col: Record<string, number> | null = null;
  for await (const record of csvRecords(createReadStream(airingsFile))) {
    if (!col) {
      col = Object.fromEntries(record.map((name, i) => [name.trim(), i]));
      continue;
    }
    const at = (name: string) => record[col?.[name] ?? -1] ?? '';
    const who = creatives.get(at('creative_id'));
    if (!who) continue;
    lines.push(
      `${who},${cell(at('station'))},${at('dma_code')},${cell(at('program'))},${at('start_utc')},${at('duration_s')},`,
    );
  }
  return { csv: `${lines.join('\n')}\n`, airings: lines.length - 1 };
}

/**
 * Seeds the call list once (its own marker item, so a stack started before the call centre
 * gets it on its next start; s3rver keeps the file and DynamoDB Local the records across
 * restarts). Returns as soon as the file is PUT: the worker builds the list in the background
 * and writes `<key>.report.json`. Never throws (a failure is logged and retried next start).
 */
export async function seedCallListIfMissing(
  ctx: { env: Record<string, string>; log: (line: string) => void },
  dataDir: string = resolveDataDir(),
): Promise<void> {
  const db = ddbDocClient();
  const table = ctx.env[ENV.companiesTable] ?? '';
  try {
    if ((await db.send(new GetCommand({ TableName: table, Key: MARKER_KEY }))).Item) return;
    const started = performance.now();
    const real = await realMonitoringCsv(dataDir);
    const file = real
      ? { key: SEED_KEYS.real, ...real, from: 'the real 2016 political post-log' }
      : { key: SEED_KEYS.sample, ...sampleMonitoringCsv(), from: 'generated sample advertisers' };
    const built = performance.now();
    await s3Client().send(
      new PutObjectCommand({
        Bucket: ctx.env[ENV.uploadsBucket],
        Key: file.key,
        Body: file.csv,
        ContentType: 'text/csv',
      }),
    );
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { ...MARKER_KEY, key: file.key, seeded_at: new Date().toISOString() },
      }),
    );
    const ms = (t: number) => `${Math.round(t)} ms`;
    ctx.log(
      `call list: ${file.key} from ${file.from} (${file.airings} airings) built in ` +
        `${ms(built - started)}, stored in ${ms(performance.now() - built)}; the call-list ` +
        'worker builds the list in the background',
    );
  } catch (error) {
    ctx.log(`call list seed failed (retried on the next start): ${(error as Error).message}`);
  }
}
