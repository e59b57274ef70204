import { type Ref, useId, useMemo, useState } from 'react';
import type { Lookup, RegionOption } from './use-lookups';

/** Props of the markets picker. */
export interface MarketPickerProps {
  regions: Lookup<RegionOption>;
  /** Selected DMA codes. */
  value: string[];
  onChange: (codes: string[]) => void;
  onBlur?: () => void;
  /** Focus target when the field has an error (react-hook-form's field ref). */
  inputRef?: Ref<HTMLInputElement>;
  /** The error message. @default none */
  error?: string | undefined;
}

/** Splits free text into 3-digit DMA codes ("501, 803" -> ['501', '803']). */
export function parseDmaCodes(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The rep's markets (spec §3 Registration "markets (reps)", §6 "Reps see markets"): a filter
 * box and a scrollable checkbox list of DMAs from the `regions` route. Without that route it
 * falls back to a text box of comma-separated DMA codes.
 */
export function MarketPicker({
  regions,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
}: MarketPickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const items = regions.status === 'ready' ? regions.items : [];
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle
      ? items.filter((r) => r.name.toLowerCase().includes(needle) || r.id.includes(needle))
      : items;
  }, [items, filter]);
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : undefined;

  if (regions.status !== 'ready')
    return (
      <div className="form-field">
        <label htmlFor={id} className="form-field__label">
          Markets (DMA codes)
        </label>
        <input
          id={id}
          ref={inputRef}
          className={`input form-field__input${error ? ' input--invalid' : ''}`}
          placeholder="e.g. 501, 803"
          disabled={regions.status === 'loading'}
          defaultValue={value.join(', ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(parseDmaCodes(e.target.value))}
          onBlur={onBlur}
        />
        {error && (
          <p id={errorId} className="form-field__error">
            {error}
          </p>
        )}
      </div>
    );

  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...value, code] : value.filter((c) => c !== code));
  return (
    <fieldset className="form-field market-picker" aria-describedby={describedBy}>
      <legend className="form-field__label">
        Markets <span className="form-field__count">({value.length} selected)</span>
      </legend>
      <input
        ref={inputRef}
        type="search"
        className={`input form-field__input${error ? ' input--invalid' : ''}`}
        placeholder="Filter markets"
        aria-label="Filter markets"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        onBlur={onBlur}
      />
      <div className="market-picker__list">
        {shown.map((r) => (
          <label key={r.id} className="checkbox market-picker__item">
            <input
              type="checkbox"
              checked={value.includes(r.id)}
              onChange={(e) => toggle(r.id, e.target.checked)}
            />
            {r.name} <span className="market-picker__code">{r.id}</span>
          </label>
        ))}
        {shown.length === 0 && <p className="form-field__hint">No market matches.</p>}
      </div>
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
