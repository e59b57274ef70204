/**
 * Call signs as post-logs and station lists write them. The FCC's service suffixes (-TV, -DT,
 * -FM, -AM, -LP, -CD, -CA, -HD1, -LD, -FM2...) name one licence's service, not another
 * station, so a post-log's 'WPVI' and the list's 'WPVI-TV' are the same station: both sides are
 * matched on the base without the suffix.
 */

/** Service suffixes stripped from a call sign (after a '-', or a space, as in 'KRFH (FM)'). */
const SUFFIX = /[-\s]+(?:TV|DT|FM|AM|LP|LPFM|CD|CA|LD|HD\d*|FM\d+|TV\d+|DT\d+)$/;

/**
 * A call sign as listed, cleaned of footnote marks and bracketed service notes: upper case,
 * `[4]` footnotes dropped, `KRFH (FM)` → `KRFH-FM`, inner spaces removed.
 * @returns '' when nothing is left.
 */
export function cleanCallSign(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\s*\(([A-Z]{2})\)\s*$/, '-$1')
    .replace(/\s+/g, '')
    .trim();
}

/**
 * The base of a call sign, what matching compares: cleaned, service suffixes stripped (repeatedly:
 * 'WXYZ-FM-HD2' → 'WXYZ'). 'wpvi-tv' → 'WPVI', 'KRLE' → 'KRLE', 'CNNW' → 'CNNW'.
 */
export function callBase(raw: string): string {
  let base = cleanCallSign(raw);
  for (let i = 0; i < 3; i++) {
    const next = base.replace(SUFFIX, '');
    if (next === base) break;
    base = next;
  }
  return base;
}

/**
 * Whether a cleaned call sign looks like a U.S. broadcast call sign (K or W, then 2-3 letters,
 * optional suffix): what the radio list's rows must be to become stations ('Radio Martí' is not).
 */
export function isUsCallSign(cleaned: string): boolean {
  return /^[KW][A-Z]{2,3}(?:-[A-Z0-9]{2,4})?$/.test(cleaned);
}
