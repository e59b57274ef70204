import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RatingsOption } from '#shared/contracts/ratings.schema';
import { useRatingsOptions } from './ratings-api';
import styles from './ratings-site.module.css';

/** Props of {@link TopTenPicker}. */
export interface TopTenPickerProps {
  /** The market (DMA code) chosen at first. @default the first market with a rating */
  market?: string;
  /** The format chosen at first. @default 'all' */
  format?: string;
}

/** Options grouped by their parent (a market's state), groups and options in the given order. */
function grouped(options: readonly RatingsOption[]): [string, RatingsOption[]][] {
  const groups = new Map<string, RatingsOption[]>();
  for (const option of options) {
    const key = option.parent ?? '';
    groups.set(key, [...(groups.get(key) ?? []), option]);
  }
  return [...groups];
}

/**
 * The market and format picker: markets with a rating (nowl_regions, grouped by state) and the
 * station formats (nowl_station_formats, plus "All formats"); Show opens
 * `/top-ten/<market>/<format>`.
 */
export function TopTenPicker({ market, format = 'all' }: TopTenPickerProps) {
  const id = useId();
  const navigate = useNavigate();
  const regions = useRatingsOptions('nowl_regions');
  const formats = useRatingsOptions('nowl_station_formats');
  const [chosenMarket, setMarket] = useState(market ?? '');
  const [chosenFormat, setFormat] = useState(format);
  const markets = regions.data ?? [];
  const marketValue = chosenMarket || markets[0]?.id || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!marketValue) return;
    navigate(`/top-ten/${encodeURIComponent(marketValue)}/${encodeURIComponent(chosenFormat)}`);
  };

  return (
    <form className={styles.picker} onSubmit={submit} aria-label="Choose a top ten">
      <label htmlFor={`${id}-market`}>
        Market
        <select
          id={`${id}-market`}
          className="select"
          value={marketValue}
          onChange={(e) => setMarket(e.target.value)}
          disabled={markets.length === 0}
        >
          {markets.length === 0 && <option value="">No rated market yet</option>}
          {grouped(markets).map(([state, options]) =>
            state ? (
              <optgroup key={state} label={state}>
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </optgroup>
            ) : (
              options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))
            ),
          )}
        </select>
      </label>
      <label htmlFor={`${id}-format`}>
        Format
        <select
          id={`${id}-format`}
          className="select"
          value={chosenFormat}
          onChange={(e) => setFormat(e.target.value)}
        >
          <option value="all">All formats</option>
          {(formats.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="site-button" disabled={!marketValue}>
        Show the top ten
      </button>
    </form>
  );
}
