import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { findLocationInputSchema } from '#shared/contracts/locations.schema';
import { errorMessage } from '../api/client';
import { FormAlert, TextField } from '../auth/form-controls';
import styles from './locations-dialog.module.css';
import { NewStoreForm } from './new-store-form';
import { type FoundLocation, findLocation, saveLocation } from './use-locations';

/** The search form: the query of find_location. */
const searchSchema = findLocationInputSchema.pick({ query: true });

/**
 * The search box (find_location), its results with Add, and the form for a new store.
 * `onAdded` is called after a store is saved so the list of locations is fetched again.
 */
export function StoreSearch({
  clientUid,
  market,
  onAdded,
  addedIds,
}: {
  clientUid: string;
  market: (code: string) => string;
  onAdded: () => void;
  /** Store ids that are locations now (a result found before a delete can be added again). */
  addedIds: ReadonlySet<string>;
}) {
  const [results, setResults] = useState<FoundLocation[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [manual, setManual] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof searchSchema>>({
    resolver: zodResolver(searchSchema),
    defaultValues: { query: '' },
  });
  const search = async ({ query }: { query: string }) => {
    setProblem(null);
    try {
      setResults(await findLocation(clientUid, query));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const add = async (store: FoundLocation) => {
    setAdding(store.store_id);
    setProblem(null);
    try {
      await saveLocation({ client_uid: clientUid, store_id: store.store_id });
      setResults((r) =>
        r ? r.map((s) => (s.store_id === store.store_id ? { ...s, added: true } : s)) : r,
      );
      onAdded();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setAdding(null);
    }
  };
  return (
    <section className={styles.search} aria-label="Add a store location">
      <form className={styles.searchForm} noValidate onSubmit={handleSubmit(search)}>
        <TextField
          label="Find a store"
          placeholder="Store id, name or address"
          registration={register('query')}
          error={errors.query}
          autoComplete="off"
        />
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Searching…' : 'Search'}
        </button>
      </form>
      <FormAlert message={problem} />
      {results && results.length === 0 && (
        <p role="status" className={styles.note}>
          No store in this client's data matches “{getValues('query')}”. Add it by hand below.
        </p>
      )}
      {results && results.length > 0 && (
        <ul className={styles.results} aria-label="Matching stores">
          {results.map((s) => (
            <li key={s.store_id} className={styles.result}>
              <span>
                <strong>{s.name}</strong>
                {s.name !== s.store_id && <span className={styles.muted}> · {s.store_id}</span>}
                <span className={styles.muted}>
                  {' '}
                  · {market(s.dma_code)}
                  {s.address ? ` · ${s.address}` : ''}
                </span>
              </span>
              {addedIds.has(s.store_id) ? (
                <span className={styles.added}>Added</span>
              ) : (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => add(s)}
                  disabled={adding !== null}
                  aria-label={`Add store ${s.store_id}`}
                >
                  {adding === s.store_id ? 'Adding…' : 'Add'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {manual ? (
        <NewStoreForm
          clientUid={clientUid}
          onDone={(added) => {
            setManual(false);
            if (added) onAdded();
          }}
        />
      ) : (
        <button
          type="button"
          className={`button button--ghost ${styles.link}`}
          onClick={() => setManual(true)}
        >
          Add a store that is not in the data
        </button>
      )}
    </section>
  );
}
