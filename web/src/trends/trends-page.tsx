import { useEffect, useId, useMemo, useState } from 'react';
import {
  WEEKLY_TRENDS_MAX_WEEKS,
  weeklyTrendsSettingsSchema,
} from '#shared/contracts/weekly-trends.schema';
import { errorMessage } from '../api/client';
import { Dropdown, type DropdownOption } from '../components/dropdown';
import { StateMessage } from '../components/state-message';
import { useLatestSearchParams } from '../lib/use-latest-search-params';
import styles from './trends.module.css';
import { searchFromSettings, settingsFromSearch } from './trends-settings';
import { TrendsTable } from './trends-table';
import { useWeeklyTrends } from './use-weekly-trends';

/**
 * /ss/trends (spec §2 "Weekly trends view", §3 "Weekly trends"): settings (weeks 1-12, default 3;
 * markets; industries) kept in the URL, then a table and small line charts of each industry's
 * weekly new-user change in the chosen markets. Empty and error states say what to do.
 */
export function TrendsPage() {
  const [search, setLatest] = useLatestSearchParams();
  const settings = useMemo(() => settingsFromSearch(search), [search]);
  const trends = useWeeklyTrends(settings);
  const weeksId = useId();
  const weeksError = useId();
  const [weeksDraft, setWeeksDraft] = useState(String(settings.week_count));
  const [weeksProblem, setWeeksProblem] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Weekly trends · AnalyticOwl';
  }, []);

  // Each change applies to the newest settings in the URL, so two made quickly both stay.
  const apply = (next: Partial<typeof settings>) =>
    setLatest(
      (latest) =>
        new URLSearchParams(searchFromSettings({ ...settingsFromSearch(latest), ...next })),
      {
        replace: true,
      },
    );

  const onWeeks = (text: string) => {
    setWeeksDraft(text);
    const parsed = weeklyTrendsSettingsSchema.shape.week_count.safeParse(text);
    if (!parsed.success || text.trim() === '') {
      setWeeksProblem(parsed.error?.issues[0]?.message ?? 'Weeks must be between 1 and 12.');
      return;
    }
    setWeeksProblem(null);
    apply({ week_count: parsed.data });
  };

  const options = trends.data?.filter_options;
  const marketOptions = useMemo<DropdownOption[]>(
    () => (options?.dmas ?? []).map((d) => ({ id: d.id, label: d.name })),
    [options],
  );
  const industryOptions = useMemo<DropdownOption[]>(
    () =>
      (options?.industries ?? []).map((i) => ({
        id: i.id,
        label: i.name,
        ...(i.parent_name ? { group: i.parent_name } : {}),
      })),
    [options],
  );

  return (
    <div className={styles.page}>
      <div className="report-head">
        <div>
          <h1 className="report-head__title">Weekly trends</h1>
          <p className="report-head__meta">
            How many new users each industry's advertisers gained week over week, in the markets you
            choose.
          </p>
        </div>
      </div>
      <form
        className={`card ${styles.settings}`}
        aria-label="Trend settings"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className={styles.field}>
          <label htmlFor={weeksId} className={styles.label}>
            Weeks
          </label>
          <input
            id={weeksId}
            className={`input ${styles.weeks}`}
            type="number"
            inputMode="numeric"
            min={1}
            max={WEEKLY_TRENDS_MAX_WEEKS}
            value={weeksDraft}
            onChange={(e) => onWeeks(e.target.value)}
            aria-invalid={weeksProblem ? true : undefined}
            aria-describedby={weeksProblem ? weeksError : undefined}
          />
          {weeksProblem && (
            <p id={weeksError} className="form-field__error">
              {weeksProblem}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <Dropdown
            label="Markets"
            multiple
            placeholder="Every market"
            options={marketOptions}
            value={settings.dma_codes.join(',') || null}
            onChange={(v) => apply({ dma_codes: v ? v.split(',') : [] })}
            paginate
          />
        </div>
        <div className={styles.field}>
          <Dropdown
            label="Industries"
            multiple
            placeholder="Every industry"
            options={industryOptions}
            value={settings.industries.join(',') || null}
            onChange={(v) => apply({ industries: v ? v.split(',') : [] })}
            paginate
          />
        </div>
      </form>
      <div aria-busy={trends.isLoading}>
        {trends.error && !trends.data ? (
          <StateMessage tone="error" title="We couldn't load the weekly trends.">
            <p>{errorMessage(trends.error)}</p>
            <button type="button" className="button" onClick={() => void trends.mutate()}>
              Try again
            </button>
          </StateMessage>
        ) : trends.data && trends.data.rows.length === 0 ? (
          <StateMessage title="No trends for these markets and industries yet">
            <p>
              Trends need at least a few advertisers per industry in a market. Choose more markets
              or industries, or more weeks.
            </p>
          </StateMessage>
        ) : trends.data ? (
          <section className="card" aria-label="Industry trends">
            {!trends.data.show_badges ? null : (
              <p className={styles.legend}>
                Average badge: <span className="badge badge--ok">+</span> non-negative,{' '}
                <span className="badge badge--down">−</span> negative,{' '}
                <span className="badge badge--muted">unchanged</span> no change to measure.
              </p>
            )}
            <TrendsTable data={trends.data} />
          </section>
        ) : (
          <div className={`skeleton ${styles.skeleton}`} aria-hidden="true" />
        )}
      </div>
    </div>
  );
}
