import { createRng, type Rng } from '../../lambdas/attribution/simulator/prng';

/**
 * A generated sample post-log for the demo advertiser when the real data folder is absent:
 * plausible, clearly fictional airings (station call signs end in "DMO"), seeded so every
 * first start produces the same file.
 */

interface DemoMarket {
  code: string;
  tz: string;
  tv: string[];
  radio: string[];
}

/** Five DMAs by Nielsen code with their zones, each with fictional TV and radio stations. */
const MARKETS: DemoMarket[] = [
  { code: '501', tz: 'America/New_York', tv: ['WADMO', 'WBDMO'], radio: ['WCDMO-FM'] },
  { code: '602', tz: 'America/Chicago', tv: ['WDDMO', 'WEDMO'], radio: ['WFDMO-FM'] },
  { code: '623', tz: 'America/Chicago', tv: ['KADMO'], radio: ['KBDMO-FM'] },
  { code: '539', tz: 'America/New_York', tv: ['WGDMO'], radio: ['WHDMO-AM'] },
  { code: '751', tz: 'America/Denver', tv: ['KCDMO'], radio: ['KDDMO-FM'] },
];

/** Dayparts: local start and end hour, weight of spots, programs, and TV rate in dollars for :30. */
const DAYPARTS = [
  { from: 6, to: 9, weight: 3, tv: 'Morning News', radio: 'Morning Drive', rate: 320 },
  { from: 9, to: 16, weight: 3, tv: 'Daytime Talk', radio: 'Midday Mix', rate: 180 },
  { from: 16, to: 19, weight: 2, tv: 'Evening News', radio: 'Afternoon Drive', rate: 420 },
  { from: 19, to: 23, weight: 2, tv: 'Prime Movie', radio: 'Night Show', rate: 900 },
  { from: 23, to: 24, weight: 1, tv: 'Late Show', radio: 'Late Night', rate: 250 },
] as const;

/** Creatives with their lengths in seconds. */
const CREATIVES = [
  { isci: 'DEMO0115H', length: 15 },
  { isci: 'DEMO0230H', length: 30 },
  { isci: 'DEMO0330H', length: 30 },
  { isci: 'DEMO0460H', length: 60 },
] as const;

/** Options of {@link demoPostlogCsv}. */
export interface DemoPostlogOptions {
  /** First local day, YYYY-MM-DD. @default '2016-09-05' (a Monday) */
  firstDay?: string;
  /** @default 8 */
  weeks?: number;
  /** Spots per market and day, on average. @default 10 */
  spotsPerDay?: number;
  /** @default 20160905 */
  seed?: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng.next() * items.length)] as T;
}

function pickDaypart(rng: Rng) {
  const total = DAYPARTS.reduce((s, d) => s + d.weight, 0);
  let u = rng.next() * total;
  for (const d of DAYPARTS) {
    u -= d.weight;
    if (u < 0) return d;
  }
  return DAYPARTS[0];
}

/**
 * The sample post-log as CSV text. Columns: airing_id, station, station_type (tv | radio),
 * dma_code, date (M/D/YYYY, market local), time (HH:MM:SS, market local), tz (IANA), program,
 * creative, length (seconds: 15, 30 or 60), cost (dollars with cents; radio about a fifth of
 * TV; scaled by length). Rows are in time order per market.
 */
export function demoPostlogCsv(opts: DemoPostlogOptions = {}): string {
  const rng = createRng(opts.seed ?? 20160905);
  const first = Date.parse(`${opts.firstDay ?? '2016-09-05'}T00:00:00Z`) / 1000;
  const days = (opts.weeks ?? 8) * 7;
  const perDay = opts.spotsPerDay ?? 10;
  const lines = [
    'airing_id,station,station_type,dma_code,date,time,tz,program,creative,length,cost',
  ];
  let id = 0;
  for (const market of MARKETS) {
    for (let day = 0; day < days; day++) {
      const date = new Date((first + day * 86400) * 1000);
      const dateText = `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
      const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
      const spots = Math.max(
        0,
        Math.round(perDay * (weekend ? 0.6 : 1) * (0.7 + 0.6 * rng.next())),
      );
      const times = Array.from({ length: spots }, () => {
        const part = pickDaypart(rng);
        return {
          part,
          second: Math.floor((part.from + rng.next() * (part.to - part.from)) * 3600),
        };
      }).sort((a, b) => a.second - b.second);
      for (const { part, second } of times) {
        const radio = rng.next() < 0.3;
        const creative = pick(rng, CREATIVES);
        const dollars =
          part.rate * (radio ? 0.2 : 1) * (creative.length / 30) * (0.8 + 0.4 * rng.next());
        const time = `${pad(Math.floor(second / 3600))}:${pad(Math.floor(second / 60) % 60)}:${pad(second % 60)}`;
        lines.push(
          [
            `D${String(++id).padStart(5, '0')}`,
            pick(rng, radio ? market.radio : market.tv),
            radio ? 'radio' : 'tv',
            market.code,
            dateText,
            time,
            market.tz,
            radio ? part.radio : part.tv,
            creative.isci,
            creative.length,
            dollars.toFixed(2),
          ].join(','),
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
