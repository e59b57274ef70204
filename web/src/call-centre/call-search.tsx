import { useEffect, useId, useRef, useState } from 'react';
import { CALL_TIMERS } from '#shared/contracts/call-centre.schema';
import { ApiError, errorMessage } from '../api/client';
import { useCallSearch } from '../api/use-call-search';
import { AdvertiserNameCell, ViewCell } from './advertiser-cells';
import { useDebounced } from './use-debounced';

/** Props of {@link CallSearch}. */
export interface CallSearchProps {
  /** The agent pressed View on a hit. */
  onOpen: (clientId: string) => void;
  /**
   * A search answered 403 (the error: `forbidden` for an account outside the agent and staff
   * groups, `mfa_required` for one without an authenticator app).
   */
  onForbidden: (refusal: ApiError) => void;
  /** Focus the search box when it mounts (after a call ended). @default false */
  focusOnMount?: boolean;
}

/**
 * The advertiser search (spec §2 "advertiser search box with results table (Name, View) and
 * Close Search Results"): runs 1 s after typing stops and never with empty text (spec §4, §5).
 */
export function CallSearch({ onOpen, onForbidden, focusOnMount = false }: CallSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [closed, setClosed] = useState(false);
  const settled = useDebounced(text.trim(), CALL_TIMERS.searchDebounceMs);
  const { data, error, isLoading } = useCallSearch(settled);
  const refusal = error instanceof ApiError && error.status === 403 ? error : null;
  const forbidden = refusal !== null;
  const input = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the box mounts
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, []);

  useEffect(() => {
    if (refusal) onForbidden(refusal);
  }, [refusal, onForbidden]);

  const showResults = settled !== '' && !closed;
  const waiting = text.trim() !== settled || isLoading;
  return (
    <section className="cc-search">
      <search className="cc-search__form">
        <label htmlFor={`${id}-input`} className="cc-search__label">
          Find an advertiser
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          type="search"
          className="input cc-search__input"
          placeholder="Advertiser name"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setClosed(false);
          }}
        />
      </search>
      {showResults && (
        <div className="cc-results">
          <div className="cc-results__bar">
            <p className="cc-results__count" role="status">
              {waiting
                ? 'Searching…'
                : error
                  ? ''
                  : `${data?.length ?? 0} ${data?.length === 1 ? 'match' : 'matches'}`}
            </p>
            <button type="button" className="button button--ghost" onClick={() => setClosed(true)}>
              Close Search Results
            </button>
          </div>
          {error && !forbidden && (
            <p className="form-field__error" role="alert">
              {errorMessage(error)}
            </p>
          )}
          {data && data.length === 0 && !waiting && (
            <p className="cc-muted">No advertiser matches “{settled}”.</p>
          )}
          {data && data.length > 0 && (
            <div className="table-wrap">
              <table className="data-table cc-results__table">
                <caption className="visually-hidden">Advertisers matching “{settled}”</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col" className="cc-results__view">
                      View
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((hit) => (
                    <tr key={hit.id}>
                      <AdvertiserNameCell
                        name={hit.name}
                        details={[hit.industry, hit.status_text]}
                      />
                      <ViewCell
                        name={hit.name}
                        onView={() => {
                          setClosed(true);
                          onOpen(hit.id);
                        }}
                      />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
