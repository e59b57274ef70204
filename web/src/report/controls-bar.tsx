import { useEffect, useState } from 'react';
import type { BroadcastType } from '#shared/contracts/report.schema';
import type { AttributionMethod } from '../api/types';
import { type DateRange, type RangeProblems, rangeProblems } from '../lib/date-ranges';
import { CompareRangePicker } from './compare-range-picker';
import './controls-bar.css';

/** Window choices in minutes; the spec's default is 8 (spec §9). */
export const WINDOW_OPTIONS = [2, 5, 8, 10, 15, 20, 30, 60] as const;

/** Attribution methods and their labels (spec §3 Filters "attribution_method"). */
export const METHOD_OPTIONS: ReadonlyArray<{ value: AttributionMethod; label: string }> = [
  { value: 'sessions', label: 'Sessions' },
  { value: 'pageviews', label: 'Page views' },
  { value: 'newuserbaseline', label: 'New visitors' },
];

/** Broadcast type labels (spec §3 Filters broadcast_type, widened to every station type). */
export const TYPE_LABELS: Record<BroadcastType, string> = {
  all: 'All types',
  tv: 'TV',
  radio: 'Radio',
  cable: 'Cable',
  streaming: 'Streaming',
  podcast: 'Podcast',
};

/** Props of the controls bar. */
export interface ControlsBarProps {
  /** The next run's date range (URL, else the report's or the client's airing span). */
  dates: DateRange;
  /** The next run's custom comparison range; null = previous period. */
  compare: DateRange | null;
  /** Called with valid ranges only (drafts stay in the bar until valid). */
  onDatesChange: (dates: DateRange) => void;
  onCompareChange: (compare: DateRange | null) => void;
  window: number;
  method: AttributionMethod;
  onWindowChange: (minutes: number) => void;
  onMethodChange: (method: AttributionMethod) => void;
  /** Broadcast types the report has (besides `all`); the filter shows when there are 2+. */
  types: readonly BroadcastType[];
  type: BroadcastType;
  onTypeChange: (type: BroadcastType) => void;
  hasSpots: boolean;
  onHasSpotsChange: (hasSpots: boolean) => void;
  /** Starts a run with the bar's values. */
  onRun: () => void;
  /** A run is in progress (the button is disabled). */
  running: boolean;
  /** No client selected (the button is disabled). */
  disabled: boolean;
  /**
   * Why the user may not run reports of this client (no `edit`), shown next to the button,
   * which is then disabled. @default null (may run)
   */
  runBlocked?: string | null;
}

/**
 * The report controls (house-style item 14): the run's date range and comparison
 * range (default previous period), window and method with Run report; then the view filters
 * that apply at once (broadcast type, has spots). Date drafts are validated in place and
 * reach the URL only when valid; Run report is disabled while a range is invalid.
 */
export function ControlsBar(props: ControlsBarProps) {
  const [dates, setDates] = useState(props.dates);
  const [compare, setCompare] = useState(props.compare);
  // Drafts follow the URL when it changes (back button, shared link), keyed on the values.
  const { from, to } = props.dates;
  const compareFrom = props.compare?.from;
  const compareTo = props.compare?.to;
  useEffect(() => setDates({ from, to }), [from, to]);
  useEffect(
    () => setCompare(compareFrom && compareTo ? { from: compareFrom, to: compareTo } : null),
    [compareFrom, compareTo],
  );
  const problems: RangeProblems = rangeProblems(dates, compare);

  const changeDates = (next: DateRange) => {
    setDates(next);
    if (!rangeProblems(next, null).dates) props.onDatesChange(next);
  };
  const changeCompare = (next: DateRange | null) => {
    setCompare(next);
    if (!next || !rangeProblems(dates, next).compare) props.onCompareChange(next);
  };
  const windows = WINDOW_OPTIONS.includes(props.window as (typeof WINDOW_OPTIONS)[number])
    ? WINDOW_OPTIONS
    : [...WINDOW_OPTIONS, props.window].sort((a, b) => a - b);
  const invalid = problems.dates !== undefined || problems.compare !== undefined;
  const blocked = props.runBlocked ?? null;

  return (
    <section className="controls" aria-label="Report controls">
      <fieldset className="controls__item controls__fieldset">
        <legend className="controls__label">Date range</legend>
        <div className="controls__inline">
          <input
            type="date"
            className="input input--date"
            aria-label="Start date"
            value={dates.from}
            aria-invalid={problems.dates ? true : undefined}
            onChange={(e) => changeDates({ ...dates, from: e.target.value })}
          />
          <span aria-hidden="true">–</span>
          <input
            type="date"
            className="input input--date"
            aria-label="End date"
            value={dates.to}
            aria-invalid={problems.dates ? true : undefined}
            onChange={(e) => changeDates({ ...dates, to: e.target.value })}
          />
        </div>
        {problems.dates && <p className="form-field__error">{problems.dates}</p>}
      </fieldset>
      <CompareRangePicker
        dates={dates}
        value={compare}
        onChange={changeCompare}
        problem={problems.compare}
      />
      <div className="controls__item">
        <label className="controls__label" htmlFor="report-window">
          Window
        </label>
        <select
          id="report-window"
          className="select"
          value={props.window}
          onChange={(e) => props.onWindowChange(Number(e.target.value))}
        >
          {windows.map((w) => (
            <option key={w} value={w}>
              {w} minutes
            </option>
          ))}
        </select>
      </div>
      <div className="controls__item">
        <label className="controls__label" htmlFor="report-method">
          Method
        </label>
        <select
          id="report-method"
          className="select"
          value={props.method}
          onChange={(e) => props.onMethodChange(e.target.value as AttributionMethod)}
        >
          {METHOD_OPTIONS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      <div className="controls__run-box">
        <button
          type="button"
          className="button button--primary controls__run"
          onClick={props.onRun}
          disabled={props.running || props.disabled || invalid || blocked !== null}
          aria-describedby={blocked ? 'run-blocked' : undefined}
        >
          {props.running ? 'Running…' : 'Run report'}
        </button>
        {blocked && (
          <p id="run-blocked" className="controls__run-note">
            {blocked}
          </p>
        )}
      </div>
      <fieldset className="controls__filters">
        <legend className="visually-hidden">View filters</legend>
        {props.types.length > 1 && (
          <div className="controls__item">
            <label className="controls__label" htmlFor="report-type">
              Broadcast type
            </label>
            <select
              id="report-type"
              className="select"
              value={props.type}
              onChange={(e) => props.onTypeChange(e.target.value as BroadcastType)}
            >
              {(['all', ...props.types] as BroadcastType[]).map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
        )}
        <label className="checkbox controls__check">
          <input
            type="checkbox"
            checked={props.hasSpots}
            onChange={(e) => props.onHasSpotsChange(e.target.checked)}
          />
          Only rows with airings
        </label>
      </fieldset>
    </section>
  );
}
