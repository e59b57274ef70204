import { type FormEvent, useId, useState } from 'react';
import useSWR from 'swr';
import { z } from 'zod';
import { type StationOption, stationOptionSchema } from '#shared/contracts/stations.schema';
import styles from './market-insights.module.css';
import { fetchParsed } from './use-ratings';

const stationPage = z.object({ stations: z.array(stationOptionSchema), total: z.number() });

/** Props of {@link StationAdder}. */
export interface StationAdderProps {
  /** Stations already chosen (their Add button is gone). */
  chosen: readonly string[];
  /** False once the list is full (the search stays, its Add buttons are disabled). */
  canAdd: boolean;
  onAdd: (station: StationOption) => void;
}

/**
 * Search the station list (GET global_stations, stations.schema.ts: call sign, city or format;
 * one page of 10) and add a station to Market Insights.
 */
export function StationAdder({ chosen, canAdd, onAdd }: StationAdderProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useSWR(
    q ? (['global_stations', { q }] as const) : null,
    ([name, input]) => fetchParsed(name, input, stationPage),
    { revalidateOnFocus: false },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
  };
  return (
    <div className={styles.adder}>
      <form aria-label="Find a station" onSubmit={submit} className={styles.adderForm}>
        <label htmlFor={id} className={styles.label}>
          Add a station
        </label>
        <input
          id={id}
          type="search"
          className="input"
          placeholder="Call sign, city or format"
          maxLength={64}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button button--ghost">
          Find
        </button>
      </form>
      <div role="status" aria-live="polite" className="visually-hidden">
        {found.isLoading ? 'Searching stations…' : found.data ? `${found.data.total} found` : ''}
      </div>
      {found.error && <p role="alert">The station list could not be searched.</p>}
      {found.data && (
        <ul className={styles.found} aria-label="Stations found">
          {found.data.stations.length === 0 && <li>No station matches “{q}”.</li>}
          {found.data.stations.map((s) => (
            <li key={s.id}>
              <span>{s.label}</span>
              {!chosen.includes(s.id) && (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={!canAdd}
                  aria-label={`Add ${s.label}`}
                  onClick={() => onAdd(s)}
                >
                  Add
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
