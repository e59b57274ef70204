import type { AttributionMethod } from '../api/types';

/** Window choices in minutes; the spec's default is 8 (spec §9). */
export const WINDOW_OPTIONS = [2, 5, 8, 10, 15, 20, 30, 60] as const;

/** Attribution methods and their labels (spec §3 Filters "attribution_method"). */
export const METHOD_OPTIONS: ReadonlyArray<{ value: AttributionMethod; label: string }> = [
  { value: 'sessions', label: 'Sessions' },
  { value: 'pageviews', label: 'Page views' },
  { value: 'newuserbaseline', label: 'New visitors' },
];

/** Props of the controls bar. */
export interface ControlsBarProps {
  /** The date range as text (M/D/Y), or a hint when there is no report. */
  dateRange: string;
  window: number;
  method: AttributionMethod;
  onWindowChange: (minutes: number) => void;
  onMethodChange: (method: AttributionMethod) => void;
  onRun: () => void;
  /** A run is in progress (the button is disabled). */
  running: boolean;
  /** No client selected (the button is disabled). */
  disabled: boolean;
}

/** The report controls (house-style item 14): date range, window, method and Run report. */
export function ControlsBar(props: ControlsBarProps) {
  const windows = WINDOW_OPTIONS.includes(props.window as (typeof WINDOW_OPTIONS)[number])
    ? WINDOW_OPTIONS
    : [...WINDOW_OPTIONS, props.window].sort((a, b) => a - b);
  return (
    <section className="controls" aria-label="Report controls">
      <div className="controls__item">
        <span className="controls__label">Date range</span>
        <span className="controls__value" data-testid="date-range">
          {props.dateRange}
        </span>
      </div>
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
      <button
        type="button"
        className="button button--primary controls__run"
        onClick={props.onRun}
        disabled={props.running || props.disabled}
      >
        {props.running ? 'Running…' : 'Run report'}
      </button>
    </section>
  );
}
