import { TZDate } from '@date-fns/tz';
import { dayRange, utcDayOf } from './days';

/**
 * GA4's time dimensions (`dateHourMinute` YYYYMMDDHHMM, `dateHour` YYYYMMDDHH, `date`) are wall
 * times in the property's time zone. The lake keeps UTC. This clock turns one into the other
 * with @date-fns/tz, one zone lookup per local hour (a day of minutes costs 24).
 *
 * Daylight saving, as GA4 reports it:
 * - spring forward: the skipped hour (02:00-02:59 in the U.S.) has no rows; were one to come, it
 *   lands on the next real hour, as @date-fns/tz resolves a time that does not exist;
 * - fall back: the repeated hour (01:00-01:59 in the U.S.) comes as ONE set of rows holding both
 *   passes of that hour. Its visits are split evenly over the two UTC hours it covers, so the
 *   day's total stays right and no single hour shows a doubled count that the attribution engine
 *   would read as a response to an airing in it.
 */
export class LocalClock {
  private readonly hours = new Map<string, readonly number[]>();

  constructor(readonly timeZone: string) {}

  /**
   * UTC starts (epoch seconds) of a local hour `YYYYMMDDHH`: one, or two for the hour that
   * falling back repeats (earlier pass first).
   * @throws Error naming the text when it is not a GA4 hour.
   */
  hourStarts(ymdh: string): readonly number[] {
    const cached = this.hours.get(ymdh);
    if (cached) return cached;
    const m = /^(\d{4})(\d{2})(\d{2})(\d{2})$/.exec(ymdh);
    if (!m) throw new Error(`Not a GA4 hour (YYYYMMDDHH): ${JSON.stringify(ymdh)}`);
    const [y, mo, d, h] = [Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4])];
    // TZDate resolves an ambiguous wall time to its earlier pass.
    const first = new TZDate(y, mo, d, h, 0, this.timeZone).getTime() / 1000;
    const next = new TZDate((first + 3600) * 1000, this.timeZone);
    const repeated = next.getHours() === h && next.getDate() === d;
    const starts = repeated ? [first, first + 3600] : [first];
    this.hours.set(ymdh, starts);
    return starts;
  }

  /** UTC start (epoch seconds) of local midnight of a `YYYY-MM-DD` day. */
  dayStart(day: string): number {
    const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
    return new TZDate(y, mo - 1, d, 0, 0, this.timeZone).getTime() / 1000;
  }

  /** The UTC days (`YYYY-MM-DD`, oldest first) a local day overlaps: one, or two off UTC. */
  utcDaysOf(day: string): string[] {
    const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
    const end = new TZDate(y, mo - 1, d + 1, 0, 0, this.timeZone).getTime() / 1000;
    return dayRange(utcDayOf(this.dayStart(day)), utcDayOf(end - 1));
  }

  /** The local day (`YYYY-MM-DD`) at a UTC instant: "today" for the property. */
  localDay(at: Date): string {
    const t = new TZDate(at.getTime(), this.timeZone);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
  }
}
