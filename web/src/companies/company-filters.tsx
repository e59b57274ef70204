import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  type CompaniesPage,
  type CompanyFilters,
  DEFAULT_COMPANY_FILTERS,
} from '#shared/contracts/companies.schema';
import { CONNECTION_STATUSES } from '#shared/contracts/connections.schema';
import { STATUS_WORDS } from '../connections/connection-status';
import styles from './companies.module.css';
import { type FavoritesChoice, favoritesOf, withFavorites } from './companies-url';

/** The lists a filter form offers (from fetch_companies: only what the caller may see). */
export type FilterLists = Pick<
  CompaniesPage,
  'tags_list' | 'share_list' | 'organization_list' | 'station_group_items' | 'industry_list'
>;

/** Props of {@link CompanyFilterForm}. */
export interface CompanyFilterFormProps {
  /** The filters in force (the draft starts from them and follows them when they change). */
  filters: CompanyFilters;
  lists: FilterLists;
  /** Apply a filter set (the page resets to page 1). */
  onApply: (filters: CompanyFilters) => void;
  /** Keep a filter set as the caller's default (save_filters); rejects with the error. */
  onSaveDefault: (filters: CompanyFilters) => Promise<void>;
}

type FlagKey =
  | (typeof CONNECTION_STATUSES)[number]
  | 'all'
  | 'active'
  | 'recent'
  | 'inactive'
  | 'my_companies'
  | 'new_companies'
  | 'with_locations'
  | 'with_cba';
type ListKey = 'industries' | 'organization_ids' | 'share_ids' | 'station_groups' | 'tags';

const ACTIVITY: Array<{ key: FlagKey; label: string }> = [
  { key: 'active', label: 'Active (aired in the last 30 days)' },
  { key: 'recent', label: 'Recent (last aired 31-90 days ago)' },
  { key: 'inactive', label: 'Inactive (no airing in 90 days)' },
];

const ONLY: Array<{ key: FlagKey; label: string }> = [
  { key: 'my_companies', label: 'My companies (I am a rep)' },
  { key: 'new_companies', label: 'New (added in the last 30 days)' },
  { key: 'with_locations', label: 'With store locations' },
  { key: 'with_cba', label: 'With cost data' },
];

const FAVORITES: Array<{ value: FavoritesChoice; label: string }> = [
  { value: 'any', label: 'Any order' },
  { value: 'first', label: 'Favourites first' },
  { value: 'only', label: 'Only favourites' },
  { value: 'none', label: 'No favourites' },
];

/**
 * The task list's filters (spec §3 "Company (client)" filters) for the shell's slide-in filter
 * panel: connection statuses, activity, my companies / new / with locations / with cost data,
 * favourites, industries, organisations, shares, station groups and tags. Changes stay a draft
 * until Apply; Reset to defaults applies the spec §4 defaults; Save as my default keeps the
 * draft with save_filters and applies it. The sort and the search box live on the page.
 */
export function CompanyFilterForm({
  filters,
  lists,
  onApply,
  onSaveDefault,
}: CompanyFilterFormProps) {
  const [draft, setDraft] = useState<CompanyFilters>(filters);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();

  // The filters in force changed (back/forward, clear filters): the draft follows.
  useEffect(() => setDraft(filters), [filters]);

  const flag = (key: FlagKey, label: string) => (
    <label key={key} className="checkbox">
      <input
        type="checkbox"
        checked={draft[key] === true}
        onChange={(e) => {
          const next = { ...draft };
          if (e.target.checked) next[key] = true;
          else delete next[key];
          setDraft(next);
        }}
      />
      {label}
    </label>
  );

  const multi = (
    key: ListKey,
    label: string,
    options: Array<{ id: string; name: string; group?: string }>,
  ) => {
    if (options.length === 0) return null;
    const selected = draft[key] ?? [];
    const groups = [...new Set(options.map((o) => o.group ?? ''))];
    const optionsOf = (group: string) =>
      options
        .filter((o) => (o.group ?? '') === group)
        .map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ));
    return (
      <div className="form-field">
        <label htmlFor={`${id}-${key}`} className="form-field__label">
          {label}
        </label>
        <select
          id={`${id}-${key}`}
          multiple
          size={Math.min(6, options.length + groups.length - 1)}
          className={`input ${styles.multi}`}
          value={selected}
          onChange={(e) => {
            const values = [...e.target.selectedOptions].map((o) => o.value);
            const next = { ...draft };
            if (values.length > 0) next[key] = values;
            else delete next[key];
            setDraft(next);
          }}
        >
          {groups.map((g) =>
            g ? (
              <optgroup key={g} label={g}>
                {optionsOf(g)}
              </optgroup>
            ) : (
              optionsOf(g)
            ),
          )}
        </select>
      </div>
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    onApply(draft);
  };

  const saveDefault = async () => {
    setSaving(true);
    setOutcome(null);
    try {
      await onSaveDefault(draft);
      setOutcome({ ok: true, text: 'Saved as your default filters.' });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.filterForm} onSubmit={submit} aria-label="Client filters">
      <fieldset className={styles.fieldset}>
        <legend>Connection</legend>
        {flag('all', 'All statuses')}
        {CONNECTION_STATUSES.map((s) => flag(s, STATUS_WORDS[s].label))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Activity</legend>
        {ACTIVITY.map((a) => flag(a.key, a.label))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Show only</legend>
        {ONLY.map((a) => flag(a.key, a.label))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Favourites</legend>
        {FAVORITES.map((f) => (
          <label key={f.value} className="checkbox">
            <input
              type="radio"
              name={`${id}-favorites`}
              value={f.value}
              checked={favoritesOf(draft) === f.value}
              onChange={() => setDraft(withFavorites(draft, f.value))}
            />
            {f.label}
          </label>
        ))}
      </fieldset>
      {multi('industries', 'Industries', lists.industry_list)}
      {multi('organization_ids', 'Organisations', lists.organization_list)}
      {multi('share_ids', 'Shared with me', lists.share_list)}
      {multi(
        'station_groups',
        'Station groups and stations',
        lists.station_group_items.map((s) => ({ id: s.id, name: s.label, group: s.group_header })),
      )}
      {multi(
        'tags',
        'Tags',
        lists.tags_list.map((t) => ({ id: t, name: t })),
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? styles.ok : styles.error}>
          {outcome.text}
        </p>
      )}
      <div className={styles.filterActions}>
        <button type="submit" className="button button--primary">
          Apply
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setDraft(DEFAULT_COMPANY_FILTERS);
            setOutcome(null);
            onApply(DEFAULT_COMPANY_FILTERS);
          }}
        >
          Reset to defaults
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={saving}
          onClick={saveDefault}
        >
          {saving ? 'Saving…' : 'Save as my default'}
        </button>
      </div>
    </form>
  );
}
