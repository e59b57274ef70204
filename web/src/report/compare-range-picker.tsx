import { useId } from 'react';
import { formatDateRange } from '#shared/format';
import { type DateRange, previousPeriod } from '../lib/date-ranges';

/** Props of the comparison range picker. */
export interface CompareRangePickerProps {
  /** The report range the comparison defaults against. */
  dates: DateRange;
  /** The custom comparison range, or null for "previous period". */
  value: DateRange | null;
  onChange: (value: DateRange | null) => void;
  /** The validation message, shown under the inputs. @default none */
  problem?: string;
}

/**
 * The controls bar's comparison picker (default: the previous period): a select between the
 * previous period (shown with its dates) and a custom range
 * with two date inputs. The choice is sent with perform_report as compare_date_start/end.
 */
export function CompareRangePicker({ dates, value, onChange, problem }: CompareRangePickerProps) {
  const id = useId();
  const previous = previousPeriod(dates);
  const custom = value ?? previous ?? dates;
  return (
    <div className="controls__item controls__compare">
      <label className="controls__label" htmlFor={`${id}-mode`}>
        Compare to
      </label>
      <div className="controls__inline">
        <select
          id={`${id}-mode`}
          className="select"
          value={value ? 'custom' : 'previous'}
          onChange={(e) => onChange(e.target.value === 'custom' ? custom : null)}
        >
          <option value="previous">
            Previous period{previous ? ` (${formatDateRange(previous.from, previous.to)})` : ''}
          </option>
          <option value="custom">Custom range</option>
        </select>
        {value && (
          <>
            <input
              type="date"
              className="input input--date"
              aria-label="Comparison start date"
              value={value.from}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(e) => onChange({ ...value, from: e.target.value })}
            />
            <span aria-hidden="true">–</span>
            <input
              type="date"
              className="input input--date"
              aria-label="Comparison end date"
              value={value.to}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(e) => onChange({ ...value, to: e.target.value })}
            />
          </>
        )}
      </div>
      {problem && (
        <p id={`${id}-problem`} className="form-field__error">
          {problem}
        </p>
      )}
    </div>
  );
}
