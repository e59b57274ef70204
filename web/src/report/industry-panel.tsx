import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  type IndustryInsights,
  type IndustrySection,
  MIN_KEY_AIRINGS,
  MIN_PEERS,
} from '#shared/contracts/industry-insights.schema';
import { formatDateMDY } from '#shared/format';
import { errorMessage } from '../api/client';
import { setClientIndustry, useIndustryInsights } from '../api/use-industry-insights';
import { industryDropdownOption, useIndustries } from '../auth/use-lookups';
import { Dropdown } from '../components/dropdown';
import { IndexChart, IndexTable } from './industry-section-view';
import { Paywall } from './paywall';
import './report-session.css';

/** The panel's heading (spec §2 "industry response summary"). */
export const INDUSTRY_PANEL_TITLE = 'Industry response summary';
/** The one-line reading guide of an index (contract: 100 = the advertiser's average airing). */
export const INDEX_EXPLAINED =
  "Indexes compare each slot with an advertiser's own average airing (100): 140 means airings " +
  "there bring 1.4× your average airing's visits, so advertisers of any size compare fairly. " +
  'Shares are the part of each side’s airings placed there.';
/** The industry has fewer other advertisers than a benchmark needs. */
export const TOO_FEW_ADVERTISERS = `Not enough advertisers in your industry yet: benchmarks need at least ${MIN_PEERS} others.`;
/** A section where no row has enough advertisers behind it. */
export const TOO_FEW_IN_SECTION = `Not enough advertisers here yet: a row needs at least ${MIN_PEERS} others with ${MIN_KEY_AIRINGS} or more airings in it.`;
/** A client without an industry cannot be compared. */
export const NO_INDUSTRY =
  'No industry is set for this client yet, so it cannot be compared with one.';
/** Why a section is behind the paywall (its available_products flag is off; spec §6). */
export const LOCKED_REASON = "Industry Insights shows how your industry's airings respond.";
/** The paywall of a locked section (or of the whole panel). */
const LOCKED = { locked: true, product: 'industry', reason: LOCKED_REASON } as const;

/** Widths (%) of the grey bars under a locked section's blur: shapes, never numbers. */
const PLACEHOLDER_BARS = [72, 48, 86, 60, 38];

/** A locked section's look-alike: its title over grey bars (the server sends no rows). */
function LockedSection({ title }: { title: string }) {
  return (
    <section className="industry-section industry-section--locked">
      <h3 className="industry-section__title">{title}</h3>
      <div className="industry-placeholder">
        {PLACEHOLDER_BARS.map((width) => (
          <span key={width} className="industry-placeholder__bar" style={{ width: `${width}%` }} />
        ))}
      </div>
    </section>
  );
}

/** One unlocked section: chart and table, or why it has no rows. */
function SectionView({ section }: { section: IndustrySection }) {
  const titleId = `${useId()}-title`;
  return (
    <section className="industry-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="industry-section__title">
        {section.title}
      </h3>
      {section.rows.length === 0 ? (
        <p className="industry-section__empty">{TOO_FEW_IN_SECTION}</p>
      ) : (
        <>
          <IndexChart section={section} />
          <IndexTable section={section} />
        </>
      )}
    </section>
  );
}

/**
 * The no-industry state: the industry picker and Save when the caller may set it (`canSet`,
 * can_set_industry), else who to ask. `onSaved` runs once it is stored and the panel reloaded.
 */
function ChooseIndustry(props: { clientUid: string; canSet: boolean; onSaved: () => void }) {
  const { clientUid, canSet, onSaved } = props;
  const { mutate } = useSWRConfig();
  const industries = useIndustries();
  const [industryId, setIndustryId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const options = useMemo(
    () => (industries.status === 'ready' ? industries.items.map(industryDropdownOption) : []),
    [industries],
  );

  if (!canSet)
    return (
      <div className="industry-empty">
        <p>{NO_INDUSTRY}</p>
        <p>Ask the client's owner to set its industry.</p>
      </div>
    );

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      await setClientIndustry(clientUid, industryId ?? '', mutate);
      onSaved();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="industry-empty" noValidate onSubmit={save} aria-busy={saving || undefined}>
      <p>Choose this client's industry to compare it with its industry.</p>
      <div className="industry-empty__fields">
        <div className="form-field">
          <Dropdown
            label="Industry"
            placeholder="Choose an industry"
            options={options}
            value={industryId}
            onChange={setIndustryId}
            disabled={industries.status !== 'ready'}
          />
        </div>
        <button type="submit" className="button button--primary">
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
      {industries.status === 'missing' && (
        <p className="form-field__hint">The industries could not be loaded; reload to try again.</p>
      )}
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The panel body for a client with an industry. */
function Benchmarks({ data, sampleData }: { data: IndustryInsights; sampleData: boolean }) {
  const { industry, sections, advertisers } = data;
  const others =
    advertisers === 0
      ? 'No other advertiser has a report yet'
      : advertisers === 1
        ? "Based on 1 other advertiser's latest report"
        : `Based on ${advertisers} other advertisers' latest reports`;
  const allLocked = sections.length > 0 && sections.every((s) => s.locked);
  return (
    <>
      <p className="industry-lead">{INDEX_EXPLAINED}</p>
      <p className="industry-meta">
        <strong>{industry?.name}</strong> · {others}
        {data.updated_at && ` · updated ${formatDateMDY(data.updated_at)}`}
        {(sampleData || data.sample_data) && (
          <span className="badge badge--sample">SAMPLE DATA</span>
        )}
      </p>
      {!data.has_own_report && (
        <p className="industry-lead">Your indexes appear once this client has a stored report.</p>
      )}
      {advertisers < MIN_PEERS ? (
        <p className="industry-section__empty">{TOO_FEW_ADVERTISERS}</p>
      ) : allLocked ? (
        <Paywall label={INDUSTRY_PANEL_TITLE} {...LOCKED}>
          <div className="industry-sections">
            {sections.map((s) => (
              <LockedSection key={s.section} title={s.title} />
            ))}
          </div>
        </Paywall>
      ) : (
        <div className="industry-sections">
          {sections.map((s) =>
            s.locked ? (
              <Paywall key={s.section} label={s.title} {...LOCKED}>
                <LockedSection title={s.title} />
              </Paywall>
            ) : (
              <SectionView key={s.section} section={s} />
            ),
          )}
        </div>
      )}
    </>
  );
}

/** Props of {@link IndustryPanel}. */
export interface IndustryPanelProps {
  /** The client whose report is shown. */
  clientUid: string;
  /**
   * The report shown: the client's side of the comparison comes from it (an older report is
   * compared as it was). @default the client's latest report
   */
  reportId?: string;
  /** Preview mode: the panel as it prints, without the industry picker. @default false */
  readOnly?: boolean;
  /** The report is built on sample data: the panel says SAMPLE DATA too. @default false */
  sampleData?: boolean;
}

/**
 * The industry response summary (spec §1 "Industry Insights", §2 "a paywall that blurs industry
 * response summary and insights panels", §3 results.industry_insights; contract
 * layers/shared/contracts/industry-insights.schema.ts). Per section, a bar chart of the industry
 * index against the client's (reference line at 100; role="img" with a summary) and a table
 * carrying the numbers. Locked sections show grey bars under the paywall (one paywall when every
 * section is locked); too few advertisers (< MIN_PEERS) say so. Without an industry, the client's
 * owner picks one (set_client_industry) and the panel reloads (read-only preview: no picker).
 * Loading shows a skeleton (aria-busy); a failed load shows the API's message in an alert with
 * Try again; a server without the industry_insights route shows no panel. `reportId` picks the
 * report compared (an answer for another report counts as loading).
 */
export function IndustryPanel({
  clientUid,
  reportId,
  readOnly = false,
  sampleData = false,
}: IndustryPanelProps) {
  const insights = useIndustryInsights(clientUid, reportId);
  const titleId = `${useId()}-title`;
  const heading = useRef<HTMLHeadingElement>(null);
  // keepPreviousData: another client's (or another report's) answer counts as loading.
  const shown = insights.data;
  const data =
    shown?.client_uid === clientUid &&
    (!reportId || shown.industry === null || shown.report_id === reportId)
      ? shown
      : undefined;
  const failed = !data && insights.error !== undefined;

  let body: ReactNode;
  if (data?.industry === null && readOnly)
    body = (
      <div className="industry-empty">
        <p>{NO_INDUSTRY}</p>
      </div>
    );
  else if (data?.industry === null)
    body = (
      <ChooseIndustry
        clientUid={clientUid}
        canSet={data.can_set_industry}
        onSaved={() => heading.current?.focus()}
      />
    );
  else if (data) body = <Benchmarks data={data} sampleData={sampleData} />;
  else if (failed)
    body = (
      <div className="industry-problem">
        <p role="alert">{errorMessage(insights.error)}</p>
        <button type="button" className="button" onClick={() => void insights.mutate()}>
          Try again
        </button>
      </div>
    );
  else
    body = (
      <>
        <div className="skeleton industry-skeleton" aria-hidden="true" />
        <p className="visually-hidden" role="status">
          Loading industry benchmarks…
        </p>
      </>
    );

  return (
    <section
      className="card industry"
      aria-labelledby={titleId}
      aria-busy={!data && !failed ? true : undefined}
    >
      <h2 id={titleId} ref={heading} className="card__title" tabIndex={-1}>
        {INDUSTRY_PANEL_TITLE}
      </h2>
      {body}
    </section>
  );
}
