import { TZDate } from '@date-fns/tz';
import type { StationType } from '../../attribution/core/types';
import { quoteCell } from './quote-cell';

/**
 * Cell parsers of the post-log import (spec §5 "Post-log import"). Each returns a
 * value or a `{ error }` with a message for the row's issue; none throws.
 */

/** A parse failure: the message names what was wrong; `proposed` is a suggested cell value. */
export interface CellError {
  error: string;
  proposed?: string;
}

export const isCellError = (v: unknown): v is CellError =>
  typeof v === 'object' && v !== null && 'error' in v;

/** A calendar date and optional wall-clock time, as written in the file. */
interface Parts {
  y: number;
  mo: number;
  d: number;
  h: number | null;
  mi: number;
  s: number;
  /** Offset in minutes east of UTC when the cell carries Z or ±hh:mm; null = local time. */
  offset: number | null;
  /** The year exactly as typed (to build a proposed fix). */
  yearText: string;
}

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:\s+(.+))?$/;
const TIME = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2})(?:\.\d+)?)?\s*([ap])?\.?m?\.?$/i;

function parseOffset(text: string | undefined): number | null {
  if (!text) return null;
  if (text.toUpperCase() === 'Z') return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
}

/**
 * Parses a time of day: 24h "20:30", "20:30:15", or 12h "8:30 PM", "8:30p", "12:00 AM".
 * @returns [hours, minutes, seconds] or null when unreadable or out of range.
 */
export function parseTimeOfDay(text: string): [number, number, number] | null {
  const m = TIME.exec(text.trim());
  if (!m || (m[2] === undefined && !m[4])) return null;
  let h = Number(m[1]);
  const mi = Number(m[2] ?? 0);
  const s = Number(m[3] ?? 0);
  const ampm = m[4]?.toLowerCase();
  if (ampm) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (ampm === 'p' ? 12 : 0);
  }
  if (h > 23 || mi > 59 || s > 59) return null;
  return [h, mi, s];
}

function parseDateParts(text: string): Parts | null {
  const iso = ISO.exec(text);
  if (iso) {
    const hasTime = iso[4] !== undefined;
    return {
      y: Number(iso[1]),
      mo: Number(iso[2]),
      d: Number(iso[3]),
      h: hasTime ? Number(iso[4]) : null,
      mi: Number(iso[5] ?? 0),
      s: Number(iso[6] ?? 0),
      offset: parseOffset(iso[7]),
      yearText: iso[1] ?? '',
    };
  }
  const us = US.exec(text);
  if (!us) return null;
  const yearText = us[3] ?? '';
  const parts: Parts = {
    y: yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText),
    mo: Number(us[1]),
    d: Number(us[2]),
    h: null,
    mi: 0,
    s: 0,
    offset: null,
    yearText,
  };
  if (us[4]) {
    const time = parseTimeOfDay(us[4]);
    if (!time) return null;
    [parts.h, parts.mi, parts.s] = time;
  }
  return parts;
}

/**
 * Parses a post-log date (and time) into an instant, epoch seconds UTC.
 * ISO with Z or an offset is an exact instant; anything else is wall-clock time in `tz`.
 * Accepted: YYYY-MM-DD[ T]HH:MM[:SS][Z|±hh:mm], M/D/YYYY [time], M/D/YY; the time may also come
 * from a separate `timeText` cell (used only when the date cell has none).
 * @returns epoch seconds, or a CellError. Years 00XX and 19XX are errors with `proposed` = the
 *   cell with the year 20XX (spec §5), unless `fixYears` is set, when the fix is applied.
 */
export function parseAiringInstant(
  dateText: string,
  timeText: string | null,
  tz: string,
  fixYears: boolean,
): number | CellError {
  const text = dateText.trim();
  if (!text) return { error: 'Date is blank.' };
  const p = parseDateParts(text);
  if (!p) return { error: `Unreadable date ${quoteCell(text)} (use YYYY-MM-DD or M/D/YYYY).` };
  if (p.yearText.length === 4 && (p.yearText.startsWith('00') || p.yearText.startsWith('19'))) {
    const fixed = `20${p.yearText.slice(2)}`;
    if (!fixYears) {
      return {
        error: `Year ${p.yearText} looks wrong: change to ${fixed}?`,
        proposed: text.replace(p.yearText, fixed),
      };
    }
    p.y = Number(fixed);
  }
  if (p.mo < 1 || p.mo > 12 || p.d < 1 || p.d > 31)
    return { error: `Invalid date ${quoteCell(text)}.` };
  if (p.h === null) {
    const time = timeText?.trim() ? parseTimeOfDay(timeText) : null;
    if (!time) {
      return {
        error: timeText?.trim()
          ? `Unreadable time ${quoteCell(timeText.trim())}.`
          : 'Time is missing.',
      };
    }
    [p.h, p.mi, p.s] = time;
  }
  if (p.h > 23 || p.mi > 59 || p.s > 59) return { error: `Invalid time in ${quoteCell(text)}.` };
  const check = new Date(Date.UTC(p.y, p.mo - 1, p.d));
  if (check.getUTCDate() !== p.d) return { error: `Invalid date ${quoteCell(text)}.` };
  if (p.offset !== null) {
    return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) / 1000 - p.offset * 60;
  }
  return Math.floor(new TZDate(p.y, p.mo - 1, p.d, p.h, p.mi, p.s, tz).getTime() / 1000);
}

/**
 * Spot length in seconds from ":30", "30", "30s", "0:30", "1:00" or "30 sec".
 * @returns seconds (0 for a blank cell, which the caller counts as a warning) or a CellError.
 */
export function parseLength(text: string): number | CellError {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/\s*(s|sec|secs|seconds)$/, '');
  if (!t) return 0;
  const m = /^(?:(\d+))?:(\d{1,2})$/.exec(t);
  if (m) return Number(m[1] ?? 0) * 60 + Number(m[2]);
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0)
    return { error: `Unreadable length ${quoteCell(text.trim())}.` };
  return Math.round(n);
}

/**
 * Cost in dollars ("$1,234.50", "1234.5", "(12.00)" is rejected) to integer cents.
 * @returns cents, null for a blank cell, or a CellError for text or negative amounts.
 */
export function parseCostCents(text: string): number | null | CellError {
  const t = text.trim().replace(/[$,\s]/g, '');
  if (!t) return null;
  const n = Number(t);
  if (!Number.isFinite(n)) return { error: `Unreadable cost ${quoteCell(text.trim())}.` };
  if (n < 0) return { error: `Cost cannot be negative (${quoteCell(text.trim()).slice(1, -1)}).` };
  return Math.round(n * 100);
}

/**
 * A non-negative count (impressions). @returns the number, null when blank, or a CellError.
 */
export function parseCount(text: string): number | null | CellError {
  const t = text.trim().replace(/,/g, '');
  if (!t) return null;
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0)
    return { error: `Unreadable number ${quoteCell(text.trim())}.` };
  return n;
}

const STATION_TYPES: Record<string, [StationType, boolean]> = {};
const addTypes = (type: StationType, national: boolean, names: string) => {
  for (const n of names.split(' ')) STATION_TYPES[n] = [type, national];
};
addTypes(
  'tv',
  false,
  'tv broadcast broadcast_tv broadcasttv television spot_tv local_tv over_the_air ota',
);
addTypes('tv', true, 'national_tv network_tv');
addTypes('radio', false, 'radio am fm am_fm am/fm broadcast_radio local_radio');
addTypes('radio', true, 'national_radio network_radio');
addTypes('cable', false, 'cable local_cable cable_tv spot_cable');
addTypes('cable', true, 'national_cable network_cable');
addTypes('streaming', false, 'streaming ctv ott connected_tv stream digital_video');
addTypes('podcast', false, 'podcast pod podcasts');

/**
 * Normalises a station type onto tv|radio|cable|streaming|podcast (broadcast_tv -> tv,
 * national_cable -> cable seen nationwide, am/fm -> radio, ctv/ott -> streaming).
 * @returns [type, national] (blank -> tv, local) or a CellError naming the value.
 */
export function parseStationType(text: string): [StationType, boolean] | CellError {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (!key) return ['tv', false];
  return (
    STATION_TYPES[key] ?? {
      error: `Unknown station type ${quoteCell(text.trim())} (use tv, radio, cable, streaming or podcast).`,
    }
  );
}

/** Whether an IANA zone name is usable (Intl knows it); cached. */
const zoneOk = new Map<string, boolean>();
export function isTimeZone(tz: string): boolean {
  let ok = zoneOk.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      ok = tz.length > 0;
    } catch {
      ok = false;
    }
    zoneOk.set(tz, ok);
  }
  return ok;
}
