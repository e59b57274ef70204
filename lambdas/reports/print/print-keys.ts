import { createHash } from 'node:crypto';
import type { IndustryInsights } from '#shared/contracts/industry-insights.schema';
import type { PrintCustomize, PrintOptions } from '#shared/contracts/print.schema';
import { slugOf } from '#shared/slug';
import { safeId } from '../core/keys';

/**
 * Where printouts are stored and what they are called (spec §7 print_report). A printout's key
 * holds a hash of everything that shapes it, so the same request reuses the stored PDF and a
 * changed option prints anew.
 */

/** Bump when the template changes, so stored printouts are not reused (2: industry section). */
export const PRINT_TEMPLATE_VERSION = 2;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What of an industry_insights answer shapes a printout, as a SHA-256 hex digest: the industry,
 * the contributions' date, the own report, the advertisers, and every section with its locked
 * flag and rows. The unlocked sections depend on the caller's plan, so a printout made for an
 * entitled caller is never reused for one who is not, and a newer benchmark prints anew. Fields
 * that only steer the screen (can_set_industry) stay out. null without an answer.
 */
export function industryDigest(insights: IndustryInsights | null): string | null {
  if (!insights) return null;
  const { industry, updated_at, report_id, advertisers, sample_data, has_own_report } = insights;
  const sections = insights.sections.map((s) => ({
    section: s.section,
    locked: s.locked,
    rows: s.rows,
  }));
  return sha256(
    JSON.stringify({
      industry,
      updated_at,
      report_id,
      advertisers,
      sample_data,
      has_own_report,
      unlocked: sections.filter((s) => !s.locked).map((s) => s.section),
      sections,
    }),
  );
}

/**
 * 20 hex characters of SHA-256 over the template and report versions, options, customisation,
 * the industry panel's digest ({@link industryDigest}; null when the printout has none) and the
 * campaign the printout is scoped to (its uid, scope and printed pacing; null for the whole
 * report, which keeps the whole report's hashes as they were).
 */
export function printHash(
  generatedAt: string,
  options: PrintOptions,
  customize: PrintCustomize,
  industry: string | null,
  campaign: string | null = null,
): string {
  const text = JSON.stringify({
    v: PRINT_TEMPLATE_VERSION,
    generatedAt,
    options,
    customize,
    industry,
    ...(campaign === null ? {} : { campaign }),
  });
  return sha256(text).slice(0, 20);
}

/**
 * The PDF and its metadata (`{ pages, bytes }` JSON):
 * `reports/<client_uid>/<report_id>/print-<hash>.pdf` and `.json`. Like reportKey, the key binds
 * the file to its client.
 * @throws ValidationError for unsafe ids.
 */
export function printKeys(clientUid: string, reportId: string, hash: string) {
  if (!/^[0-9a-f]{1,64}$/.test(hash)) throw new Error('print hash must be hex');
  const base = `reports/${safeId(clientUid, 'client_uid')}/${safeId(reportId, 'report_id')}/print-${hash}`;
  return { pdf: `${base}.pdf`, meta: `${base}.json` };
}

/**
 * A download name from the advertiser and period: ASCII letters, digits and dashes only (safe in
 * a Content-Disposition header), e.g. `acme-mattress-03-01-2024-to-03-31-2024.pdf`.
 * @param start inclusive first day, YYYY-MM-DD
 * @param end inclusive last day, YYYY-MM-DD
 */
export function printFileName(advertiser: string, start: string, end: string): string {
  const slug = slugOf(advertiser) || 'report';
  const mdy = (d: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
    return m ? `${m[2]}-${m[3]}-${m[1]}` : 'undated';
  };
  return `${slug}-${mdy(start)}-to-${mdy(end)}.pdf`;
}
