import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type IndustryOption,
  industryDropdownOption,
  useIndustries,
  useRegions,
} from '../auth/use-lookups';
import { USER_TYPE_OPTIONS } from '../auth/user-type-field';
import { Dropdown, type DropdownOption } from '../components/dropdown';
import { useAppNavigate } from '../entries/app-navigate';
import {
  type IndustryTrends,
  lookupHref,
  normaliseLookupUrl,
  seesTrendBadges,
  weeklyTrendOf,
} from '../lib/landing-lookup';

/** Shown under the website field when the rule of spec §5 "Landing lookup" fails. */
export const LOOKUP_URL_HINT = 'Enter your website’s domain name, like example.com (no page path).';
/** Shown under the terms checkbox when it is not ticked (wording of spec §5 "Registration"). */
export const LOOKUP_TERMS_HINT = 'Please accept the terms and conditions.';
/** The industry picker's explanation of the trend badges (spec §2 "Landing page" tooltip). */
export const WEEKLY_TRENDS_HELP =
  'Weekly trends show how new visitors to websites in each industry changed week over week, ' +
  'averaged over the last three weeks: a green + when they held or grew, a red − when they fell.';

/** Added to the help when the trends come from sample-data advertisers (a demo stack). */
export const SAMPLE_TRENDS_NOTE = 'The trends shown here come from sample data.';

/** True when an industry's trend is flagged as coming from sample-data advertisers. */
const isSampleTrend = (trends: TrendedIndustry['trends']) =>
  !!trends && !Array.isArray(trends) && (trends as { sample_data?: boolean }).sample_data === true;

type UserType = (typeof USER_TYPE_OPTIONS)[number]['value'];
/** An industry as the lookup route may send it: the reference fields plus optional trends. */
type TrendedIndustry = IndustryOption & { trends?: IndustryTrends | IndustryTrends[] | null };

/** The weekly trend badge (spec §9 "Trend badge": green plus when non-negative, red minus). */
function TrendBadge({ percent }: { percent: number }) {
  // Rounded first, so a change of -0.04% reads +0.0% in green rather than a red −0.0%.
  const shown = Math.round(percent * 10) / 10;
  const up = shown >= 0;
  const text = `${up ? '+' : '−'}${Math.abs(shown).toFixed(1)}%`;
  // The spaces are text nodes of their own, so the option's accessible name reads
  // "Auto Repair weekly trend +4.3%" rather than running the words together.
  return (
    <>
      {' '}
      <span className={`badge ${up ? 'badge--ok' : 'badge--down'} landing-lookup__trend`}>
        <span className="visually-hidden">weekly trend</span> {text}
      </span>
    </>
  );
}

/**
 * The landing page's site lookup (spec §2 "Landing page", §5
 * "Landing lookup"): user type, website, industry (default All Industries, weekly trend badges for
 * every type but self, with a help text on weekly trends), market (placeholder Nationwide, grouped
 * by state) and the terms checkbox. Submitting opens `/ss/?type&url&industry&market`
 * ({@link lookupHref}); when the terms are unticked or the website is not a domain name nothing
 * navigates, and an inline hint on the field says why (focus moves to it).
 */
export function LandingLookup() {
  const navigate = useAppNavigate();
  const id = useId();
  const industries = useIndustries();
  const regions = useRegions();
  const urlRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<UserType>('self');
  const [url, setUrl] = useState('');
  const [industry, setIndustry] = useState<string | null>(null);
  const [market, setMarket] = useState<string | null>(null);
  const [terms, setTerms] = useState(false);
  const [tried, setTried] = useState(false);

  const host = normaliseLookupUrl(url);
  const urlHint = tried && !host;
  const termsHint = tried && !terms;
  const showTrends = seesTrendBadges(type);

  const industryOptions = useMemo<DropdownOption[]>(() => {
    if (industries.status !== 'ready') return [];
    return (industries.items as TrendedIndustry[]).map((item) => {
      const trend = showTrends ? weeklyTrendOf(item) : null;
      return {
        ...industryDropdownOption(item),
        adornment: trend === null ? undefined : <TrendBadge percent={trend} />,
      };
    });
  }, [industries, showTrends]);
  const sampleTrends =
    industries.status === 'ready' &&
    (industries.items as TrendedIndustry[]).some((i) => isSampleTrend(i.trends));
  const regionOptions = useMemo<DropdownOption[]>(
    () =>
      regions.status === 'ready'
        ? regions.items.map((r) => ({ id: r.id, label: r.name, group: r.parent || undefined }))
        : [],
    [regions],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    // Spec §5: otherwise nothing happens (no navigation); the hint says what to fix.
    if (!host) return urlRef.current?.focus();
    if (!terms) return termsRef.current?.focus();
    navigate(lookupHref({ type, url: host, industry, market }));
  };

  return (
    <form
      className="landing-lookup site-card"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={onSubmit}
    >
      <h2 id={`${id}-title`}>See what your airings brought in</h2>
      <fieldset className="form-field user-type">
        <legend className="form-field__label">You are</legend>
        <div className="user-type__options">
          {USER_TYPE_OPTIONS.map((option) => (
            <label key={option.value} className="user-type__option">
              <input
                type="radio"
                name="type"
                value={option.value}
                checked={type === option.value}
                onChange={() => setType(option.value)}
              />
              <span className="user-type__label">{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-url`}>
          Website
        </label>
        <input
          ref={urlRef}
          id={`${id}-url`}
          name="url"
          type="text"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="example.com"
          className={`form-field__input${urlHint ? ' input--invalid' : ''}`}
          aria-invalid={urlHint || undefined}
          aria-describedby={urlHint ? `${id}-url-hint` : undefined}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        {urlHint && (
          <p id={`${id}-url-hint`} className="form-field__error">
            {LOOKUP_URL_HINT}
          </p>
        )}
      </div>

      <div className="form-grid">
        <div className="form-field">
          <Dropdown
            label="Industry"
            placeholder="All Industries"
            options={industryOptions}
            value={industry}
            onChange={setIndustry}
            disabled={industries.status !== 'ready'}
            name="industry"
          />
          <details className="landing-lookup__help">
            <summary>What are weekly trends?</summary>
            <p className="form-field__hint">
              {WEEKLY_TRENDS_HELP}
              {sampleTrends ? ` ${SAMPLE_TRENDS_NOTE}` : ''}
            </p>
          </details>
        </div>
        <div className="form-field">
          <Dropdown
            label="Market"
            placeholder="Nationwide"
            options={regionOptions}
            value={market}
            onChange={setMarket}
            disabled={regions.status !== 'ready'}
            name="market"
          />
        </div>
      </div>

      <div className="form-field">
        <label className="form-check">
          <input
            ref={termsRef}
            type="checkbox"
            name="terms"
            checked={terms}
            aria-invalid={termsHint || undefined}
            aria-describedby={termsHint ? `${id}-terms-hint` : undefined}
            onChange={(event) => setTerms(event.target.checked)}
          />{' '}
          I accept the <Link to="/terms-and-conditions">terms and conditions</Link>
        </label>
        {termsHint && (
          <p id={`${id}-terms-hint`} className="form-field__error">
            {LOOKUP_TERMS_HINT}
          </p>
        )}
      </div>

      <div className="site-actions">
        <button type="submit" className="site-button">
          Look up my site
        </button>
      </div>
    </form>
  );
}
