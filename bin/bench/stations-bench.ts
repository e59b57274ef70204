import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import type { Station, StationTypeId } from '#shared/contracts/stations.schema';
import { loadDmas, resolveDataDir } from '#shared/reference/dmas';
import { readStationSources, STATION_SOURCE_FILES } from '#shared/reference/stations-source';
import { DynamoStations } from '../../lambdas/reference/adapters/dynamo-stations';
import { normaliseFormat } from '../../lambdas/reference/core/station-formats';
import { searchStations, sortStations } from '../../lambdas/reference/core/stations';
import { buildStations } from '../../lambdas/reference/core/stations-build';
import { matchStation } from '../../lambdas/reference/core/stations-match';
import {
  loadStations,
  marketNamesOf,
  placementOf,
  sourcesOfRows,
} from '../../lambdas/reference/core/stations-seed';
import { ensureCompaniesTable, localDynamoClient, startDynamoDb } from '../../lib/local/dynamodb';

const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;

/** The post-log's station type as the matcher's. */
const typeOf = (raw: string): StationTypeId => (raw === 'national_cable' ? 'cable' : 'tv');

/** Match rate of (call sign, market, type) triples against a list. */
function rate(
  list: readonly Station[],
  rows: ReadonlyArray<{ call: string; dma: string; type: StationTypeId }>,
) {
  const unmatched = rows.filter((r) => !matchStation(list, r.call, r.dma, r.type));
  return { matched: rows.length - unmatched.length, of: rows.length, unmatched };
}

/**
 * `npm run bench -- stations`: the station list measured on the real data folder (design
 * "Stations"): the share of the radio list's formats normalised to `other` and the 40 most
 * frequent raw formats, the match rate of the 2016 post-log's stations (stations.csv and every
 * distinct station of airings.csv) against the full list and against the radio list alone, and
 * the time to seed the whole list into a fresh DynamoDB Local. Skipped without the data folder.
 */
export async function runStationsBench(log: (line: string) => void): Promise<void> {
  const dataDir = resolveDataDir();
  const rows = await readStationSources(dataDir);
  if (rows.radio.length === 0) {
    log(`stations: no data folder at ${dataDir}; nothing to measure`);
    return;
  }
  const dmas = await loadDmas(dataDir);
  const place = placementOf(dmas.values());
  const markets = marketNamesOf(dmas.values());
  const sources = sourcesOfRows(rows);

  const counts = new Map<string, number>();
  let other = 0;
  for (const r of sources.radio) {
    counts.set(r.format, (counts.get(r.format) ?? 0) + 1);
    if (normaliseFormat(r.format, 'radio') === 'other') other++;
  }
  log(`stations: radio list ${sources.radio.length} rows, ${counts.size} distinct formats`);
  log(`stations: formats normalised to 'other': ${other} (${pct(other, sources.radio.length)})`);
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 40);
  log(
    `stations: top 40 raw formats → ${top.map(([f, n]) => `${f} (${n}) → ${normaliseFormat(f, 'radio')}`).join('; ')}`,
  );

  const t0 = performance.now();
  const list = sortStations(buildStations(sources, place), markets);
  const buildMs = performance.now() - t0;
  const placed = list.filter((s) => s.type === 'radio' && s.dma_code).length;
  const radio = list.filter((s) => s.type === 'radio').length;
  log(
    `stations: built ${list.length} stations in ${buildMs.toFixed(0)} ms; radio placed in a DMA: ${placed}/${radio} (${pct(placed, radio)})`,
  );

  const searches = ['news', 'wpvi-tv', 'philadelphia', 'country tx', 'k', 'zzzz'];
  const q0 = performance.now();
  for (let i = 0; i < 50; i++) {
    for (const q of searches) searchStations(list, { q, page: 1 }, markets, ['504']);
  }
  const perSearch = (performance.now() - q0) / (50 * searches.length);
  log(
    `stations: in-memory search of the whole list: ${perSearch.toFixed(2)} ms per query (mean of ${50 * searches.length})`,
  );

  const postlog = sources.postlog.map((r) => ({
    call: r.station,
    dma: r.dma_code,
    type: typeOf(r.station_type),
  }));
  const airingsText = await readFile(
    join(dataDir, 'political-tv-ad-airings-2016', 'airings.csv'),
    'utf8',
  ).catch(() => '');
  const seen = new Map<string, { call: string; dma: string; type: StationTypeId }>();
  for (const r of parse(airingsText, { columns: true, bom: true }) as Record<string, string>[]) {
    const key = `${r.station}|${r.dma_code}|${r.station_type}`;
    if (!seen.has(key))
      seen.set(key, {
        call: r.station ?? '',
        dma: r.dma_code ?? '',
        type: typeOf(r.station_type ?? ''),
      });
  }
  const radioOnly = list.filter((s) => s.source === 'radio_list');
  for (const [name, triples] of [
    [STATION_SOURCE_FILES.postlog, postlog],
    [
      'political-tv-ad-airings-2016/airings.csv (distinct station, market, type)',
      [...seen.values()],
    ],
  ] as const) {
    const full = rate(list, triples);
    const alone = rate(radioOnly, triples);
    log(
      `stations: ${name}: ${full.matched}/${full.of} matched (${pct(full.matched, full.of)}) against the full list; unmatched: ${full.unmatched.map((u) => u.call).join(', ') || 'none'}`,
    );
    const suffixed = rate(
      list,
      triples.map((t) => ({ ...t, call: t.type === 'tv' ? `${t.call}-TV` : t.call })),
    );
    const untyped = triples.filter((t) => !matchStation(list, t.call, t.dma, null));
    log(
      `stations:   written with -TV on broadcast call signs: ${suffixed.matched}/${suffixed.of}; without a station type (market only): ${triples.length - untyped.length}/${triples.length}, ambiguous: ${untyped.map((u) => u.call).join(', ') || 'none'}`,
    );
    log(
      `stations:   against the radio list alone: ${alone.matched}/${alone.of} (${pct(alone.matched, alone.of)}), e.g. ${alone.unmatched
        .slice(0, 5)
        .map((u) => u.call)
        .join(', ')}`,
    );
  }

  const dir = mkdtempSync(join(tmpdir(), 'ao-stations-bench-'));
  const dynamo = await startDynamoDb({ dir, log: () => undefined });
  try {
    const table = 'bench-companies';
    await ensureCompaniesTable(dynamo.endpoint, table);
    const doc = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
    const store = new DynamoStations(doc, table);
    const s0 = performance.now();
    const written = await loadStations(store, sources, place, markets);
    const seedMs = performance.now() - s0;
    const r0 = performance.now();
    const back = await store.get();
    const readMs = performance.now() - r0;
    log(
      `stations: seed of ${written} stations into DynamoDB Local: ${seedMs.toFixed(0)} ms (build included); full read back: ${readMs.toFixed(0)} ms (${back?.length} stations)`,
    );
    doc.destroy();
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
