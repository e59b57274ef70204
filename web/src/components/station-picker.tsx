import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import type { StationOption, StationTypeId } from '#shared/contracts/stations.schema';
import { useStationById, useStations } from '../api/use-stations';
import styles from './station-picker.module.css';

/** Props of the station picker. */
export interface StationPickerProps {
  /** @default 'Primary station' */
  label?: string;
  /** The chosen station id ('' for none). */
  value: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  /** Focus target when the field has an error (react-hook-form's field ref). */
  inputRef?: Ref<HTMLInputElement>;
  /** Only stations of this type (a rep's primary broadcast type). @default every type */
  type?: StationTypeId | undefined;
  /** DMA codes whose stations are listed first (the rep's markets). @default none */
  preferMarkets?: readonly string[] | undefined;
  /** The error message. @default none */
  error?: string | undefined;
}

/** How long typing pauses before the search is sent, in milliseconds. */
export const STATION_SEARCH_DEBOUNCE_MS = 250;

/** Runs of options sharing a group header, in order (for the listbox's labelled groups). */
function runsOf(options: readonly StationOption[]) {
  const runs: Array<{ header: string; options: StationOption[] }> = [];
  for (const option of options) {
    const last = runs.at(-1);
    if (last && last.header === option.group_header) last.options.push(option);
    else runs.push({ header: option.group_header, options: [option] });
  }
  return runs;
}

/** The field's error line (the picker's and the chosen station's view share it), or nothing. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="form-field__error">
      {error}
    </p>
  );
}

/**
 * A station chosen from the reference list (spec §3 dropdown data "stations"; design
 * "Registration"): a search box (call sign with or without -TV/-FM, city or format) over the
 * server's `stations` route, 10 per page with Prev/Next, grouped by market; the choice shows as
 * its label with a Change button. Free text is never a value: only a listed station's id.
 *
 * ARIA 1.2 combobox: the input (aria-expanded, aria-controls, aria-activedescendant) drives a
 * listbox of options in labelled groups. ArrowDown/ArrowUp move, Enter picks, Escape closes.
 */
export function StationPicker({
  label = 'Primary station',
  value,
  onChange,
  onBlur,
  inputRef,
  type,
  preferMarkets,
  error,
}: StationPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [picked, setPicked] = useState<StationOption | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text);
      setPage(1);
      setActive(0);
    }, STATION_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isLoading } = useStations({ q, page, type, prefer: preferMarkets });
  const known = useStationById(value && picked?.id !== value ? value : null);
  const chosen = picked?.id === value ? picked : (known.data?.stations[0] ?? null);
  const options = data?.stations ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  // No station at all before any search: the list was never loaded (the data folder was absent
  // at seed time). A broadcast type does not change that: a loaded list has TV and radio both.
  const noList = !isLoading && data?.total === 0 && !q.trim();
  const errorId = `${id}-error`;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const pick = (option: StationOption) => {
    setPicked(option);
    setOpen(false);
    onChange(option.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(options.length - 1, 0)));
    } else if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  if (value) {
    return (
      <div className="form-field">
        <span className="form-field__label" id={`${id}-label`}>
          {label}
        </span>
        <div className={styles.chosen}>
          <span data-testid="station-chosen">{chosen?.label ?? value}</span>
          <button type="button" className="button button--secondary" onClick={() => onChange('')}>
            Change
          </button>
        </div>
        <FieldError id={errorId} error={error} />
      </div>
    );
  }

  let index = -1;
  return (
    <div className={`form-field ${styles.picker}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        className={`input form-field__input${error ? ' input--invalid' : ''}`}
        placeholder={noList ? 'No station list loaded' : 'Call sign, city or format, e.g. WABC'}
        disabled={noList}
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      />
      {noList && (
        <p className="form-field__hint">
          The station list is not loaded yet: you can choose your primary station later in your
          profile.
        </p>
      )}
      {open && !noList && options.length === 0 && !isLoading && (
        <p className={styles.option} role="status">
          No station matches “{q}”.
        </p>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label={`${label} options`}
        className={styles.list}
        hidden={!open || noList || options.length === 0}
      >
        {runsOf(options).map((run, r) => (
          // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox group (APG), not a form fieldset
          <div
            key={run.options[0]?.id ?? run.header}
            role="group"
            aria-labelledby={`${id}-group-${r}`}
          >
            <div id={`${id}-group-${r}`} className={styles.group} role="presentation">
              {run.header}
            </div>
            {run.options.map((option) => {
              index += 1;
              const i = index;
              return (
                <div
                  key={option.id}
                  id={optionId(i)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  className={`${styles.option}${i === active ? ` ${styles.active}` : ''}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(option)}
                  onKeyDown={() => undefined}
                >
                  {option.label}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {open && !noList && data && data.total > 0 && (
        <div className={styles.pager}>
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setPage((p) => p - 1)}
          >
            Prev
          </button>
          <span aria-live="polite">
            Page {page} of {pages} · {data.total.toLocaleString('en-US')}{' '}
            {data.total === 1 ? 'station' : 'stations'}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pages}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </button>
        </div>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
