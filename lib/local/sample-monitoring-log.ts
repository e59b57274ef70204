import { createRng, type Rng } from '../../lambdas/attribution/simulator/prng';

/**
 * A generated monitored market post-log for the call list when the real data folder is absent:
 * about 40 clearly fictional advertisers (names end in "(sample)"; call signs end in "DMO", as
 * in demo-postlog.ts) across five markets and eight industries, with costs. Seeded, so every
 * first start writes the same file. Columns are the monitoring CSV's (core/monitoring-csv.ts).
 */

/** Industries by IAB ad-product taxonomy 2.0 id, with the nouns of their sample names. */
const INDUSTRIES: ReadonlyArray<{ id: string; nouns: string[] }> = [
  { id: '1268', nouns: ['Furniture Outlet', 'Sofa Gallery', 'Home Furnishings'] },
  { id: '1553', nouns: ['Motors', 'Auto Mall', 'Car Center'] },
  { id: '1360', nouns: ['Diner', 'Pizza Kitchen', 'Grill House'] },
  { id: '1417', nouns: ['Injury Lawyers', 'Law Group', 'Legal Team'] },
  { id: '1404', nouns: ['Roofing', 'Home Repair', 'Windows & Siding'] },
  { id: '1384', nouns: ['Dental Care', 'Family Dentistry', 'Smile Studio'] },
  { id: '1340', nouns: ['Insurance Agency', 'Insurance Group', 'Coverage Co'] },
  { id: '1337', nouns: ['Credit Union', 'Community Bank', 'Savings Bank'] },
];

const PREFIXES = ['Bluejay', 'Maplecrest', 'Sundial', 'Copperline', 'Foxglove'] as const;

/** Five DMAs with fictional TV and radio stations. */
const MARKETS = [
  { code: '501', stations: ['WADMO', 'WBDMO', 'WCDMO-FM'] },
  { code: '602', stations: ['WDDMO', 'WEDMO', 'WFDMO-FM'] },
  { code: '623', stations: ['KADMO', 'KBDMO-FM'] },
  { code: '539', stations: ['WGDMO', 'WHDMO-AM'] },
  { code: '751', stations: ['KCDMO', 'KDDMO-FM'] },
] as const;

/** Programs by UTC start hour band, with the :30 rate in cents. */
const PROGRAMS = [
  { from: 10, to: 14, name: 'Morning News', rateCents: 32_000 },
  { from: 14, to: 21, name: 'Daytime Talk', rateCents: 18_000 },
  { from: 21, to: 24, name: 'Evening News', rateCents: 42_000 },
  { from: 0, to: 4, name: 'Prime Movie', rateCents: 90_000 },
  { from: 4, to: 6, name: 'Late Show', rateCents: 25_000 },
] as const;

/** Airings a week, spread so every size of the call list shows up. */
const WEEKLY = [3, 6, 9, 15, 25, 40, 70, 120, 180, 260] as const;

const HEADER = 'advertiser,industry_id,station,dma_code,program,start_utc,length_s,cost';
const DAY_S = 86_400;

/** Options of {@link sampleMonitoringCsv}. */
export interface SampleMonitoringOptions {
  /** First UTC day, YYYY-MM-DD. @default '2016-09-05' */
  firstDay?: string;
  /** @default 8 */
  weeks?: number;
  /** @default 20160905 */
  seed?: number;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng.next() * items.length)] as T;
}

/** Integer cents as dollars with two decimals, without float formatting. */
const dollars = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * The sample monitored post-log as CSV text (header plus rows, in advertiser order).
 * @returns the text and its counts.
 */
export function sampleMonitoringCsv(opts: SampleMonitoringOptions = {}): {
  csv: string;
  airings: number;
  advertisers: number;
} {
  const rng = createRng(opts.seed ?? 20160905);
  const first = Date.parse(`${opts.firstDay ?? '2016-09-05'}T00:00:00Z`) / 1000;
  const days = (opts.weeks ?? 8) * 7;
  const lines = [HEADER];
  let advertisers = 0;
  INDUSTRIES.forEach((industry, i) => {
    PREFIXES.forEach((prefix, j) => {
      advertisers++;
      const name = `${prefix} ${industry.nouns[(i + j) % industry.nouns.length]} (sample)`;
      const weekly = WEEKLY[(i * 3 + j * 7) % WEEKLY.length] as number;
      // Some started late, some stopped early: days since first spot / last campaign vary.
      const startDay = j === 3 ? Math.floor(rng.next() * days * 0.7) : 0;
      const endDay = j === 4 ? days - 1 - Math.floor(rng.next() * 21) : days - 1;
      const markets = MARKETS.filter((_, m) => m === (i + j) % MARKETS.length || rng.next() < 0.35);
      const count = Math.max(1, Math.round((weekly * (endDay - startDay + 1)) / 7));
      for (let k = 0; k < count; k++) {
        const day = startDay + Math.floor(rng.next() * (endDay - startDay + 1));
        const program = pick(rng, PROGRAMS);
        const hour = program.from + rng.next() * (program.to - program.from);
        const start = new Date((first + day * DAY_S + Math.floor(hour * 3600)) * 1000);
        const market = pick(rng, markets);
        const station = pick(rng, market.stations);
        const length = pick(rng, [15, 30, 30, 60] as const);
        const radio = station.endsWith('-FM') || station.endsWith('-AM');
        const cents = Math.round(
          program.rateCents * (radio ? 0.2 : 1) * (length / 30) * (0.8 + 0.4 * rng.next()),
        );
        lines.push(
          [
            name,
            industry.id,
            station,
            market.code,
            program.name,
            `${start.toISOString().slice(0, 19)}Z`,
            length,
            dollars(cents),
          ].join(','),
        );
      }
    });
  });
  return { csv: `${lines.join('\n')}\n`, airings: lines.length - 1, advertisers };
}
