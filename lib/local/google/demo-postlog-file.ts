import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { demoPostlogCsv } from '../demo-postlog';

/** Weeks of airings in the demo post-log the Google stand-in's demo properties respond to. */
export const DEMO_POSTLOG_WEEKS = 8;

/**
 * The Monday (YYYY-MM-DD, UTC) the demo post-log starts: `weeks` weeks before the Monday of the
 * week of `nowS` (Unix seconds), so its airings end the Sunday before and lie inside the 14
 * months a first pull reads.
 */
export function demoFirstDayFor(nowS: number, weeks = DEMO_POSTLOG_WEEKS): string {
  const day = Math.floor(nowS / 86400);
  const weekday = (day + 3) % 7; // 0 = Monday (1970-01-01 was a Thursday)
  const monday = day - weekday - weeks * 7;
  return new Date(monday * 86_400_000).toISOString().slice(0, 10);
}

/** The demo post-log CSV (lib/local/demo-postlog.ts columns) starting on `firstDay`. */
export function demoPostlogText(firstDay: string): string {
  return demoPostlogCsv({ firstDay, weeks: DEMO_POSTLOG_WEEKS });
}

/**
 * Writes the demo post-log starting on `firstDay` to `path` unless a file is there already.
 * @returns true when it wrote the file.
 */
export function writeDemoPostlogIfMissing(path: string, firstDay: string): boolean {
  if (existsSync(path)) return false;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, demoPostlogText(firstDay));
  return true;
}
