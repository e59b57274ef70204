import { useId } from 'react';
import type { RatingsFeature, RatingsGate } from '#shared/billing/ratings-gates';
import type { RatingsFilter, RatingsOption } from '#shared/contracts/ratings.schema';
import { periodName } from '../families/family-choices';
import styles from './ratings.module.css';
import { UnlockLink } from './unlock-link';
import { type RatingsListKind, useRatingsOptions } from './use-ratings';

/** Options grouped by their `parent` (a region's state, a daypart's set, an industry's parent). */
export function groupOptions(options: readonly RatingsOption[]) {
  const groups = new Map<string, RatingsOption[]>();
  const loose: RatingsOption[] = [];
  for (const o of options) {
    if (!o.parent) loose.push(o);
    else groups.set(o.parent, [...(groups.get(o.parent) ?? []), o]);
  }
  return {
    loose,
    groups: [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)),
  };
}

interface SelectProps {
  label: string;
  list?: RatingsListKind;
  value: string;
  /** The "everything" choice, e.g. 'All markets'. */
  any: string;
  onChange: (value: string) => void;
  /** Fixed options instead of a list route (the periods). */
  fixed?: { id: string; name: string }[];
  /** A locked filter: the select is disabled at its default and the Unlock button shows. */
  locked?: RatingsGate | null;
}

/** One labelled filter select, filled from its nowl_* list route, grouped when it can be. */
function FilterSelect({ label, list, value, any, onChange, fixed, locked }: SelectProps) {
  const id = useId();
  const options = useRatingsOptions(fixed ? null : (list ?? null));
  const items = fixed ?? (list ? (options.data ?? []) : []);
  // The 'all' entry of a list (broadcast types, dayparts) is the "any" choice already.
  const shown = items.filter((o) => o.id !== 'all');
  const { loose, groups } = groupOptions(shown as RatingsOption[]);
  const failed = list && !fixed && options.error;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {locked ? `${label} (locked)` : label}
      </label>
      <select
        id={id}
        className="select"
        value={locked ? '' : value}
        disabled={Boolean(locked) || Boolean(failed)}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={failed ? `${id}-problem` : undefined}
      >
        <option value="">{any}</option>
        {loose.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
        {groups.map(([parent, opts]) => (
          <optgroup key={parent} label={parent}>
            {opts.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {failed && (
        <span id={`${id}-problem`} className={styles.fieldProblem}>
          This list could not be loaded.
        </span>
      )}
      {locked && <UnlockLink gate={locked} compact />}
    </div>
  );
}

/** Props of {@link RatingsFilters}. */
export interface RatingsFiltersProps {
  filter: RatingsFilter;
  /** Published periods, newest first (from the last answer). */
  periods: readonly string[];
  /** The filter that changed, as a patch (undefined clears it back to "All"). */
  onChange: (change: Partial<RatingsFilter>) => void;
  /** The gate of a feature, when the caller has NOT unlocked it; null when allowed. */
  lockedGate: (feature: RatingsFeature) => RatingsGate | null;
}

/**
 * The ratings filter bar (spec §3 "Benchmark lists"): period, market (DMAs grouped by state),
 * format, daypart (grouped TV / Radio), broadcast type and industry, each a labelled select
 * filled from its nowl_* list. Dayparts and industries the caller has not unlocked are shown
 * disabled with the gate table's Unlock button.
 */
export function RatingsFilters({ filter, periods, onChange, lockedGate }: RatingsFiltersProps) {
  // Only the changed filter is handed on: the others are read from the URL when it is applied.
  const set = (key: keyof RatingsFilter) => (value: string) =>
    onChange({ [key]: value || undefined });
  return (
    <form
      className={`card ${styles.filters}`}
      aria-label="Ratings filters"
      onSubmit={(e) => e.preventDefault()}
    >
      <FilterSelect
        label="Period"
        value={filter.period ?? ''}
        any="Latest period"
        fixed={periods.map((p) => ({ id: p, name: periodName(p) }))}
        onChange={set('period')}
      />
      <FilterSelect
        label="Market"
        list="regions"
        value={filter.market ?? ''}
        any="All markets"
        onChange={set('market')}
      />
      <FilterSelect
        label="Format"
        list="formats"
        value={filter.format && filter.format !== 'all' ? filter.format : ''}
        any="All formats"
        onChange={set('format')}
      />
      <FilterSelect
        label="Daypart"
        list="dayparts"
        value={filter.daypart && filter.daypart !== 'all' ? filter.daypart : ''}
        any="All day"
        onChange={set('daypart')}
        locked={lockedGate('ratings_dayparts')}
      />
      <FilterSelect
        label="Broadcast type"
        list="broadcast_types"
        value={
          filter.broadcast_type && filter.broadcast_type !== 'all' ? filter.broadcast_type : ''
        }
        any="All types"
        onChange={set('broadcast_type')}
      />
      <FilterSelect
        label="Industry"
        list="industries"
        value={filter.industry ?? ''}
        any="All industries"
        onChange={set('industry')}
        locked={lockedGate('ratings_industries')}
      />
    </form>
  );
}
