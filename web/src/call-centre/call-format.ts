import { addDays, format, parseISO } from 'date-fns';
import type { CallSize } from '#shared/contracts/call-record';
import { formatCents } from '#shared/format';

/**
 * Display helpers of the call-centre screen. Pure; none throws.
 */

/**
 * A count as the call centre shows it (spec §9 "Number abbreviation: k above 999, m above one
 * million, b above a billion, 1t+ beyond"): 999 → "999", 1_500 → "1.5k", 2_000_000 → "2m",
 * 3e12 → "1t+". One decimal at most, trailing ".0" dropped; NaN or negative shows "0".
 */
export function callAbbreviate(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '0';
  if (value >= 1e12) return '1t+';
  if (value < 999.5) return String(Math.round(value));
  const units: Array<[number, string]> = [
    [1e3, 'k'],
    [1e6, 'm'],
    [1e9, 'b'],
  ];
  let index = value >= 1e9 ? 2 : value >= 1e6 ? 1 : 0;
  let scaled = Math.round((value / units[index]![0]) * 10) / 10;
  // 999,960 rounds to "1000k": show it in the next unit instead.
  if (scaled >= 1000 && index < 2) {
    index += 1;
    scaled = Math.round((value / units[index]![0]) * 10) / 10;
  }
  if (scaled >= 1000) return '1t+';
  return `${String(scaled).replace(/\.0$/, '')}${units[index]![1]}`;
}

/** A competitor's or the advertiser's spend from integer cents; null (no costs in the log) → "n/a". */
export function spendText(cents: number | null): string {
  return cents === null ? 'n/a' : formatCents(cents);
}

/** The record size as a badge label (spec §3 size: small, medium, large, xl). */
export function sizeLabel(size: CallSize): string {
  return size === 'xl' ? 'XL' : `${size.charAt(0).toUpperCase()}${size.slice(1)}`;
}

/** Tomorrow as YYYY-MM-DD in the browser's time zone: the follow-up date input's `min` (spec §5). */
export function tomorrowIso(now: Date = new Date()): string {
  return format(addDays(now, 1), 'yyyy-MM-dd');
}

/** Today as YYYY-MM-DD in the browser's time zone (the agent's local day). */
export function todayIso(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** A YYYY-MM-DD day as M/D/Y ("2025-03-07" → "3/7/2025"); anything else as it is. */
export function dayMdy(day: string): string {
  const date = parseISO(day);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && Number.isFinite(date.getTime())
    ? format(date, 'M/d/yyyy')
    : day;
}

/** The agent's IANA time zone, sent with a follow-up; New York when the browser gives none. */
export function agentTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
  } catch {
    return 'America/New_York';
  }
}

/** "501 New York" when the regions lookup names the DMA code, else the code alone. */
export function marketLabel(code: string, names: ReadonlyMap<string, string>): string {
  const name = names.get(code);
  return name ? `${code} ${name}` : code;
}
