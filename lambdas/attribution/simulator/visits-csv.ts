import type { Simulation } from './simulate-visits';

/** Header of the simulated visits CSV (the visits import format). */
export const VISITS_CSV_HEADER = 'minute_utc,dma_code,sessions,new_users,pageviews\n';

/** `mm:ss` of every second of an hour. */
const MINUTE_SECONDS = Array.from(
  { length: 3600 },
  (_, s) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`,
);
/** The last hour isoMinute formatted (epoch hours) and its `YYYY-MM-DDTHH:` text. */
let lastHour = Number.NaN;
let lastHourText = '';

/**
 * ISO UTC time of whole epoch seconds, e.g. 2016-06-01T15:30:00Z. The hour's text is formatted
 * once and reused while the rows stay in that hour: a simulated visits CSV has millions of rows,
 * minute after minute.
 */
export function isoMinute(utcSeconds: number): string {
  const hour = Math.floor(utcSeconds / 3600);
  const second = utcSeconds - hour * 3600;
  if (!Number.isInteger(second))
    return `${new Date(utcSeconds * 1000).toISOString().slice(0, 19)}Z`;
  if (hour !== lastHour) {
    lastHourText = new Date(hour * 3_600_000).toISOString().slice(0, 14);
    lastHour = hour;
  }
  return `${lastHourText}${MINUTE_SECONDS[second]}Z`;
}

/**
 * The visits CSV as text chunks (header first, then about 10,000 rows per chunk, DMA by DMA),
 * so a caller can stream it to a file with backpressure. Unknown geography has an empty dma_code.
 */
export function* visitsCsvChunks(sim: Simulation): Generator<string> {
  yield VISITS_CSV_HEADER;
  for (const b of sim.batches()) {
    let chunk = '';
    for (let i = 0; i < b.sessions.length; i++) {
      chunk += `${isoMinute(b.minuteUtc[i] as number)},${b.dmaCode},${b.sessions[i]},${b.newUsers[i]},${b.pageviews[i]}\n`;
      if (i % 10000 === 9999) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
}

/** truth.csv: `airing_id,injected_visits`, one line per simulated airing (ids quoted when needed). */
export function truthCsv(
  truth: ReadonlyArray<Pick<Simulation['truth'][number], 'airingId' | 'injected'>>,
): string {
  const esc = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return `airing_id,injected_visits\n${truth.map((t) => `${esc(t.airingId)},${t.injected}`).join('\n')}\n`;
}
