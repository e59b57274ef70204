import { lookupHost } from '#shared/contracts/landing-preview.schema';
import type { IndustryOption, RegionOption } from '../auth/use-lookups';

/** The user types the lookup offers (spec §3 "Registration" user_type). */
export type LookupUserType = 'self' | 'rep' | 'agency';

/** What the preview makes of `/ss/?type&url&industry&market` once the lists are known. */
export interface PreviewParams {
  /** `type` when it is a known user type, else `self` (the lookup's default). */
  type: LookupUserType;
  /** The website's host, lower-case; null when `url` is absent or not a host name. */
  host: string | null;
  /** The industry `industry` names; null for none or an unknown id. */
  industry: IndustryOption | null;
  /** The market `market` names; null for nationwide or an unknown code. */
  market: RegionOption | null;
  /** One sentence per ignored parameter, shown above the preview. */
  notes: string[];
}

/** Parameters longer than this are cut before they are quoted back in a note. */
const QUOTE_MAX = 40;
const quoted = (value: string) =>
  `“${value.length > QUOTE_MAX ? `${value.slice(0, QUOTE_MAX)}…` : value}”`;

/**
 * Reads the lookup's parameters against the industry and market lists (spec §2 "Landing page").
 * Nothing unknown is trusted: an industry or market that is not in its list is ignored (all
 * industries / nationwide) and a note says so; a `url` that is not a host name is dropped with a
 * note; an unknown `type` falls back to `self` silently (the sign-up form asks again).
 * While a list is still loading (null) its parameter is neither used nor noted.
 */
export function readPreviewParams(
  search: URLSearchParams,
  industries: readonly IndustryOption[] | null,
  regions: readonly RegionOption[] | null,
): PreviewParams {
  const notes: string[] = [];
  const rawType = search.get('type');
  const type: LookupUserType =
    rawType === 'rep' || rawType === 'agency' || rawType === 'self' ? rawType : 'self';

  const rawUrl = search.get('url')?.trim() ?? '';
  const host = lookupHost(rawUrl);
  if (rawUrl && !host)
    notes.push(
      `${quoted(rawUrl)} is not a website’s host name (like example.com), so it is left out.`,
    );

  const rawIndustry = search.get('industry')?.trim() ?? '';
  const industry = (rawIndustry && industries?.find((i) => i.id === rawIndustry)) || null;
  if (rawIndustry && industries && !industry)
    notes.push(`We do not know the industry ${quoted(rawIndustry)}, so all industries are shown.`);

  const rawMarket = search.get('market')?.trim() ?? '';
  const market = (rawMarket && regions?.find((r) => r.id === rawMarket)) || null;
  if (rawMarket && regions && !market)
    notes.push(`We do not know the market ${quoted(rawMarket)}, so the preview is nationwide.`);

  return { type, host, industry, market, notes };
}
