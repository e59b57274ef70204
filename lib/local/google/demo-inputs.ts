import { loadDmas } from '#shared/reference/dmas';
import { NATIONAL } from '../../../lambdas/attribution/core/types';
import { readPostlogFile } from '../../../lambdas/imports/core/read-postlog-file';
import type { DemoInputs } from './visits-source';

/**
 * Reads the demo post-log CSV at `path` the way the import does (lambdas/imports, DMAs from
 * `dataDir`) and sizes its markets by TV homes, as lib/local/simulated-visits.ts does for the
 * demo's CSV visits. A market missing from the DMA list gets the mean size.
 * @throws when the file cannot be read or has no airing.
 */
export async function loadDemoInputs(path: string, dataDir: string): Promise<DemoInputs> {
  const { airings } = await readPostlogFile(path, { dataDir, advertiser: 'Demo' });
  if (airings.length === 0) throw new Error(`${path}: the demo post-log has no airings`);
  const dmas = await loadDmas(dataDir);
  const tzByDma = new Map<string, string>();
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const a of airings) {
    first = Math.min(first, a.startUtc);
    last = Math.max(last, a.startUtc);
    if (a.market !== NATIONAL && !tzByDma.has(a.market)) tzByDma.set(a.market, a.tz);
  }
  const known = [...tzByDma.keys()]
    .map((code) => dmas.get(code)?.tvHomes ?? 0)
    .filter((h) => h > 0);
  const mean = known.length ? known.reduce((s, h) => s + h, 0) / known.length : 1;
  const tvHomesByDma = new Map(
    [...tzByDma.keys()].map((code) => [code, dmas.get(code)?.tvHomes || mean] as const),
  );
  return {
    airings,
    tvHomesByDma,
    tzByDma,
    firstDay: Math.floor(first / 86400),
    // The day after the last airing too: a late airing's response runs past midnight UTC.
    lastDay: Math.floor(last / 86400) + 1,
  };
}
