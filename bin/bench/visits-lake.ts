import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Simulation } from '../../lambdas/attribution/simulator/simulate-visits';
import { visitsCsvChunks } from '../../lambdas/attribution/simulator/visits-csv';
import { openDuckDb } from '../../lambdas/reports/adapters/duckdb-connection';

/**
 * Writes simulated visits as the lake's visits Parquet (layers/shared/lake.ts columns), one
 * folder per UTC date under `dir` (date=YYYY-MM-DD/visits.parquet), through a temporary CSV and
 * DuckDB COPY.
 * Benchmark setup only, not timed. @returns the number of visit rows written.
 */
export async function writeVisitsLake(sim: Simulation, dir: string): Promise<number> {
  const csv = join(dirname(dir), 'visits.csv');
  await mkdir(dir, { recursive: true });
  const out = createWriteStream(csv);
  for (const chunk of visitsCsvChunks(sim)) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  const conn = await openDuckDb();
  await conn.run(`
    COPY (
      SELECT CAST(epoch(minute_utc) AS BIGINT) AS bucket_utc, coalesce(dma_code, '') AS dma_code,
             CAST(sessions AS DOUBLE) AS sessions, CAST(new_users AS DOUBLE) AS new_users,
             CAST(pageviews AS DOUBLE) AS pageviews, strftime(minute_utc, '%Y-%m-%d') AS date
      FROM read_csv('${csv}', header = true, columns = {'minute_utc': 'TIMESTAMP', 'dma_code': 'VARCHAR',
        'sessions': 'DOUBLE', 'new_users': 'DOUBLE', 'pageviews': 'DOUBLE'})
    ) TO '${dir}' (FORMAT parquet, PARTITION_BY (date), OVERWRITE_OR_IGNORE true)`);
  // DuckDB names each partition's file data_0.parquet; readers read the legacy generation's
  // visits.parquet (layers/shared/lake.ts).
  // DuckDB may split a date over data_0, data_1…: those are merged into the one file, since
  // renaming each of them to visits.parquet kept only the last (visits silently lost).
  for (const folder of await readdir(dir)) {
    const parts = (await readdir(join(dir, folder)))
      .filter((f) => f.endsWith('.parquet'))
      .map((f) => join(dir, folder, f));
    const target = join(dir, folder, 'visits.parquet');
    if (parts.length === 1) await rename(parts[0] as string, target);
    else if (parts.length > 1) {
      const list = parts.map((f) => `'${f}'`).join(', ');
      await conn.run(
        `COPY (SELECT * FROM read_parquet([${list}])) TO '${target}' (FORMAT parquet)`,
      );
      await Promise.all(parts.map((f) => rm(f)));
    }
  }
  // The rows the lake holds, counted from the Parquet files themselves.
  const reader = await conn.runAndReadAll(
    `SELECT count(*)::INTEGER FROM read_parquet('${join(dir, '*', 'visits.parquet')}')`,
  );
  conn.closeSync();
  return Number(reader.getRowsJS()[0]?.[0] ?? 0);
}
