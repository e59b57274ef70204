import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { resolveDataDir } from '#shared/reference/dmas';
import {
  dmaForPlace,
  normalizePlace,
  placeForDma,
  US_STATE_NAMES,
  usStateCode,
} from '#shared/reference/geo-dma';
import { SHIPPED_DMA_ROWS } from '#shared/reference/shipped';
import {
  type AssignOptions,
  assign,
  DEFAULT_OPTIONS,
  principalCities,
  usCounties,
  type ZipRow,
} from './geo-dma/build-table';
import { readPostalCodes } from './geo-dma/sources';

/**
 * `npx tsx bin/check-geo-dma.ts [--tune]`: how good the geography -> DMA table is (the numbers
 * in layers/shared/reference/data/README.md). Prints:
 *   1. round trip: placeForDma -> dmaForPlace for the 210 DMAs, and the DMAs whose first named
 *      city maps back to them;
 *   2. principal cities held out one at a time: where the rest of the method puts them;
 *   3. counties against an outside county -> DMA list (bin/geo-dma/check-counties.csv: the
 *      counties of the first nine states, alphabetically), per county and per ZIP code;
 *   4. radio call signs that are also TV call signs of the real post-log (DATA_DIR,
 *      ../shared/data): the radio list's city of licence against the post-log's DMA;
 *   5. coverage: the share of the radio list's 17,186 cities of licence the table knows.
 * `--tune` also prints step 3 for other settings of the method (AssignOptions).
 */
const here = dirname(fileURLToPath(import.meta.url));
const rows = SHIPPED_DMA_ROWS;
const zips = readPostalCodes();
const principals = principalCities(rows);
const pct = (n: number, d: number) => `${n}/${d} = ${d ? ((100 * n) / d).toFixed(1) : '-'}%`;

// 1. Round trip.
const backOk = rows.filter((r) => {
  const p = placeForDma(r.dma_code);
  return dmaForPlace(p.city, p.region, p.country) === r.dma_code;
}).length;
const firstOk = rows.filter((r) => {
  const first = principals.find((p) => p.dma === r.dma_code);
  return (
    first &&
    dmaForPlace(first.city, US_STATE_NAMES[first.state] ?? '', 'United States') === r.dma_code
  );
}).length;
console.log(`1. placeForDma -> dmaForPlace gives the DMA back: ${pct(backOk, rows.length)}`);
console.log(`   first city named by the DMA maps to it:        ${pct(firstOk, rows.length)}`);

// 2. Principal cities held out one at a time.
const placeIds = new Set(zips.map((z) => `${z.state}|${normalizePlace(z.place)}`));
function heldOut(options: AssignOptions) {
  const first = { held: 0, right: 0 };
  const other = { held: 0, right: 0 };
  const seenFirst = new Set<string>();
  for (const p of principals) {
    const pid = `${p.state}|${normalizePlace(p.city)}`;
    if (!placeIds.has(pid) || p.state === 'HI') continue;
    const tally = seenFirst.has(p.dma) ? other : first;
    seenFirst.add(p.dma);
    tally.held++;
    if (assign(rows, principals, zips, options, new Set([pid])).places.get(pid) === p.dma)
      tally.right++;
  }
  return `main cities ${pct(first.right, first.held)}, other named cities ${pct(other.right, other.held)}`;
}
if (!process.argv.includes('--tune'))
  console.log(`2. held-out principal cities placed right: ${heldOut(DEFAULT_OPTIONS)}`);

// 3. Counties against the outside list.
const countyKey = (name: string) =>
  normalizePlace(name)
    .replace(/\((ca)\)/g, '')
    .replace(/\b(county|parish|borough|census area|municipality|city and borough|ca|of)\b/g, '')
    .replace(/\s+/g, '');
const truth = (
  parse(readFileSync(join(here, 'geo-dma', 'check-counties.csv'), 'utf8'), {
    columns: true,
    comment: '#',
  }) as { state: string; county: string; dma_code: string }[]
).map((r) => ({ ...r, key: countyKey(r.county) }));

/** Alternate states of the list: settings are chosen on 'tune' and reported on 'test' too. */
const TUNE_STATES = new Set(['AL', 'AZ', 'CA', 'CT', 'FL']);

function countyScore(options: AssignOptions, half?: 'tune' | 'test') {
  const { places, counties } = assign(rows, principals, zips, options);
  const codeOf = new Map(usCounties(zips).map((c) => [`${c.state}|${countyKey(c.name)}`, c.key]));
  let matched = 0;
  let right = 0;
  let zipN = 0;
  let zipRight = 0;
  const wrong: string[] = [];
  for (const t of truth) {
    if (half && TUNE_STATES.has(t.state) !== (half === 'tune')) continue;
    const code = codeOf.get(`${t.state}|${t.key}`);
    if (!code) continue;
    matched++;
    const got = counties.get(`${t.state}|${code}`);
    if (got === t.dma_code) right++;
    else wrong.push(`${t.state} ${t.county} ${got}≠${t.dma_code}`);
    for (const z of zips as ZipRow[])
      if (z.state === t.state && z.countyCode === code) {
        zipN++;
        if (places.get(`${z.state}|${normalizePlace(z.place)}`) === t.dma_code) zipRight++;
      }
  }
  return { matched, right, zipN, zipRight, wrong };
}
const main = countyScore(DEFAULT_OPTIONS);
const test = countyScore(DEFAULT_OPTIONS, 'test');
console.log(
  `3. counties placed right: ${pct(main.right, main.matched)} (${truth.length - main.matched} of ${truth.length} listed counties not in the postal list, e.g. Connecticut's, now planning regions)`,
);
console.log(
  `   ZIP codes whose place maps to their county's DMA: ${pct(main.zipRight, main.zipN)}`,
);
console.log(
  `   in the states the settings were not chosen on (${[...new Set(truth.map((t) => t.state))].filter((s) => !TUNE_STATES.has(s)).join(', ')}): counties ${pct(test.right, test.matched)}, ZIP codes ${pct(test.zipRight, test.zipN)}`,
);
console.log(`   wrong: ${main.wrong.join('; ')}`);
if (process.argv.includes('--tune'))
  for (const unit of ['county', 'place'] as const)
    for (const outOfStatePenalty of [1, 1.3, 1.6])
      for (const sizeExponent of [0, 0.2, 0.3, 0.35, 0.4, 0.5]) {
        const options = { unit, outOfStatePenalty, sizeExponent };
        const [a, b] = [countyScore(options, 'tune'), countyScore(options, 'test')];
        console.log(
          `   unit=${unit} outOfStatePenalty=${outOfStatePenalty} sizeExponent=${sizeExponent}: tune half counties ${pct(a.right, a.matched)}, ZIP codes ${pct(a.zipRight, a.zipN)}; test half counties ${pct(b.right, b.matched)}, ZIP codes ${pct(b.zipRight, b.zipN)}`,
        );
      }

// 4 and 5 need the data folder.
const dataDir = resolveDataDir();
const stationsFile = join(dataDir, 'political-tv-ad-airings-2016', 'stations.csv');
const radioFile = join(dataDir, 'us-radio-stations', 'radio_stations.csv');
if (!existsSync(stationsFile) || !existsSync(radioFile)) {
  console.log(`4./5. skipped: no ${stationsFile} or ${radioFile}`);
} else {
  const tv = parse(readFileSync(stationsFile, 'utf8'), { columns: true }) as Record<
    string,
    string
  >[];
  const radio = parse(readFileSync(radioFile, 'utf8'), { columns: true }) as Record<
    string,
    string
  >[];
  const base = (call: string) => call.trim().toUpperCase().split('-')[0] ?? '';
  const radioByCall = new Map<string, Record<string, string>[]>();
  for (const r of radio) {
    const k = base(r.call_sign ?? '');
    radioByCall.set(k, [...(radioByCall.get(k) ?? []), r]);
  }
  const lines: string[] = [];
  let n = 0;
  let ok = 0;
  for (const t of tv) {
    if (t.station_type !== 'broadcast_tv') continue;
    for (const r of radioByCall.get(base(t.station ?? '')) ?? []) {
      const got = dmaForPlace(r.city ?? '', r.state ?? '', 'United States');
      n++;
      if (got === t.dma_code) ok++;
      lines.push(
        `${r.call_sign} ${r.city}, ${r.state}: ${got || "''"}${got === t.dma_code ? '' : ` (TV ${t.station}: ${t.dma_code})`}`,
      );
    }
  }
  console.log(
    `4. radio stations sharing a TV call sign, city of licence -> the TV station's DMA: ${pct(ok, n)}`,
  );
  console.log(`   ${lines.join('; ')}`);
  const known = radio.filter(
    (r) => usStateCode(r.state ?? '') && dmaForPlace(r.city ?? '', r.state ?? '', 'United States'),
  ).length;
  const inStates = radio.filter((r) => usStateCode(r.state ?? '')).length;
  console.log(`5. radio cities of licence the table places: ${pct(known, inStates)}`);
}
