import { useMemo } from 'react';
import { useRegions } from '../auth/use-lookups';
import { Dropdown } from '../components/dropdown';

/** Props of {@link RegionPicker}. */
export interface RegionPickerProps {
  /** Comma list of DMA codes (spec §3 signup_info.regions). */
  value: string;
  onChange: (value: string) => void;
  /** The field's error message. @default none */
  error?: string;
}

/**
 * The sign-up's regions: a multiple-choice Dropdown of DMAs grouped by state (route `regions`),
 * or a plain comma list of DMA codes when the lookup is not available.
 */
export function RegionPicker({ value, onChange, error }: RegionPickerProps) {
  const regions = useRegions();
  const options = useMemo(
    () =>
      regions.status === 'ready'
        ? regions.items.map((r) => ({ id: r.id, label: r.name, group: r.parent || undefined }))
        : [],
    [regions],
  );
  const errorText = error ? <p className="form-field__error">{error}</p> : null;
  if (regions.status !== 'ready')
    return (
      <div className="form-field">
        <label className="form-field__label" htmlFor="cc-regions">
          Regions (DMA codes, comma-separated)
        </label>
        <input
          id="cc-regions"
          className={`input form-field__input${error ? ' input--invalid' : ''}`}
          inputMode="numeric"
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {errorText}
      </div>
    );
  return (
    <div className="form-field">
      <Dropdown
        label="Regions"
        options={options}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        multiple
        paginate
        placeholder="Choose regions"
      />
      {errorText}
    </div>
  );
}
