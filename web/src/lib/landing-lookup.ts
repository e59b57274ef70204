/**
 * Pure rules of the landing page's site lookup form (spec §2
 * "Landing page", §5 "Landing lookup"). The form is web/src/site/landing-lookup.tsx.
 */

/** A scheme such as `https://`, `http://` or `ftp://` at the start of the text. */
const PROTOCOL = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The whole text must be a host name: dot-separated labels of ASCII letters or digits (hyphens
 * only inside a label), ending in a top-level domain of 2+ letters.
 */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/**
 * Cleans a typed website for the lookup (spec §5: "URL has protocol stripped and must end in a
 * domain-like name of letters or digits, a dot and a TLD of 2+ letters").
 *
 * Steps: 1. trim spaces; 2. strip a leading protocol (`https://`, `http://`, any `scheme://`)
 * and one trailing `/` (what a browser's address bar copies for a home page); 3. check that what
 * is left is a domain-like name and nothing else.
 *
 * `www.` stays, and a path or a trailing `.` means the text does not end in a domain, so it is
 * refused. Non-ASCII (IDN) names are refused; their
 * punycode form (`xn--…`) passes. Host names are case-insensitive, so the result is lowercased.
 *
 * @param text what the visitor typed, e.g. `' HTTPS://Example.com '`.
 * @returns the cleaned host (`'example.com'`), or null when the rule fails (the form then does
 *   not navigate). Never throws.
 */
export function normaliseLookupUrl(text: string): string | null {
  const host = text.trim().replace(PROTOCOL, '').replace(/\/$/, '');
  return HOST.test(host) ? host.toLowerCase() : null;
}

/** What the lookup form submits (spec §2: query parameters type, url, industry, market). */
export interface LookupQuery {
  /** The user type: `self`, `rep` or `agency` (spec §6). */
  type: string;
  /** The cleaned host from {@link normaliseLookupUrl}. */
  url: string;
  /** An industry id, or null / '' for All Industries. */
  industry?: string | null;
  /** A region (DMA) id, or null / '' for Nationwide. */
  market?: string | null;
}

/**
 * The address the lookup opens: `/ss/?type=…&url=…&industry=…&market=…`, values URL-encoded, in
 * that order. An empty or missing value is left out: no industry means All Industries and no
 * market means Nationwide, so `industry=` and `market=` only appear when one was picked.
 *
 * @example lookupHref({ type: 'self', url: 'example.com', market: '501' })
 *   // '/ss/?type=self&url=example.com&market=501'
 */
export function lookupHref({ type, url, industry, market }: LookupQuery): string {
  const params = new URLSearchParams();
  const entries: Array<[string, string | null | undefined]> = [
    ['type', type],
    ['url', url],
    ['industry', industry],
    ['market', market],
  ];
  for (const [key, value] of entries) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `/ss/?${query}` : '/ss/';
}

/** The trend fields an industry may carry (spec §3 "industries (… trends with avg_newusers_delta_pct_from_prev)"). */
export interface IndustryTrends {
  /** Average week-over-week change in new users, in percent (-12.5 = down 12.5%). */
  avg_newusers_delta_pct_from_prev?: number | null;
}

/**
 * The weekly trend of one industry, in percent, for its badge (spec §9 "Trend badge: avg
 * new-user change percent"). `trends` may be one object or a list of them (the first with a
 * number wins).
 * @returns the percent change, or null when the item carries none (then no badge is shown).
 */
export function weeklyTrendOf(industry: {
  trends?: IndustryTrends | readonly IndustryTrends[] | null;
}): number | null {
  const { trends } = industry;
  const list: readonly IndustryTrends[] = Array.isArray(trends) ? trends : trends ? [trends] : [];
  for (const t of list) {
    const value = t?.avg_newusers_delta_pct_from_prev;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

/**
 * Whether a user type sees the industry trend badges (spec §6: "User type self does not see
 * industry trend badges; other types do").
 */
export function seesTrendBadges(type: string): boolean {
  return type !== 'self';
}

/** The registration fields a lookup link fills in (see {@link registrationPrefill}). */
export interface LookupPrefill {
  user_type?: 'self' | 'rep' | 'agency';
  url?: string;
  industry_id?: string;
  markets?: string[];
  /** The invited address of a share or organisation invitation (`/register?email=`). */
  email?: string;
}

/** True when an address carries any of the lookup's parameters (type, url, industry, market). */
export function hasLookupParams(search: URLSearchParams): boolean {
  return ['type', 'url', 'industry', 'market'].some((key) => Boolean(search.get(key)));
}

/**
 * The registration form's starting values from a lookup link (spec §2 "Landing page": the
 * lookup opens /ss/ with type, url, industry and market; a visitor without an account lands on
 * /register with them filled in). Unknown user types and URLs that fail {@link normaliseLookupUrl} are left
 * out; the market becomes the one market of a rep. An invitation link's `email` fills the e-mail.
 * @example registrationPrefill(new URLSearchParams('type=rep&market=501'))
 *   // { user_type: 'rep', markets: ['501'] }
 */
export function registrationPrefill(search: URLSearchParams): LookupPrefill {
  const out: LookupPrefill = {};
  const type = search.get('type');
  if (type === 'self' || type === 'rep' || type === 'agency') out.user_type = type;
  const url = normaliseLookupUrl(search.get('url') ?? '');
  if (url) out.url = url;
  const industry = search.get('industry')?.trim();
  if (industry) out.industry_id = industry.slice(0, 64);
  const market = search.get('market')?.trim();
  if (market) out.markets = [market.slice(0, 16)];
  const email = search.get('email')?.trim();
  if (email && email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email)) out.email = email;
  return out;
}
