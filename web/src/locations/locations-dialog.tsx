import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  findLocationInputSchema,
  type Location,
  saveLocationInputSchema,
  saveLocationNicknameInputSchema,
  WEEKDAYS,
  type Weekday,
} from '../../../layers/shared/contracts/locations.schema';
import { ApiError, errorMessage } from '../api/client';
import { FieldMessage, FormAlert, TextField } from '../auth/form-controls';
import { useRegions } from '../auth/use-lookups';
import { ModalDialog } from '../components/modal-dialog';
import { DAY_LABELS, formToHours, type HoursForm, hoursSummary, hoursToForm } from './hours';
import styles from './locations-dialog.module.css';
import {
  deleteLocation,
  type FoundLocation,
  findLocation,
  saveLocation,
  saveLocationHours,
  saveLocationNickname,
  useLocations,
} from './use-locations';

/** Props of {@link LocationsDialog}. */
export interface LocationsDialogProps {
  clientUid: string;
  clientName: string;
  open: boolean;
  onClose: () => void;
}

/** The search form: the query of find_location. */
const searchSchema = findLocationInputSchema.pick({ query: true });
/** A store typed in by hand: save_location's fields, with the name and address it then needs. */
const newStoreSchema = saveLocationInputSchema.pick({ store_id: true, dma_code: true }).extend({
  name: z.string().trim().min(1, 'Enter the store name.').max(120),
  address: z
    .string()
    .trim()
    .min(1, 'Enter the store address.')
    .max(200, 'Address is at most 200 characters.'),
  dma_code: z.union([z.literal(''), z.string().regex(/^\d{3}$/, 'Pick the market (DMA).')]),
});
const nicknameSchema = saveLocationNicknameInputSchema.pick({ nickname: true });

/** A market's name from the regions lookup, else its code ('Unknown' when none). */
function useMarketName(): (code: string) => string {
  const regions = useRegions();
  const names = useMemo(
    () =>
      new Map(regions.status === 'ready' ? regions.items.map((r) => [r.id, r.name] as const) : []),
    [regions],
  );
  return (code) => (code ? (names.get(code) ?? code) : 'Unknown');
}

/**
 * The store locations of a client (spec §3 "Location", §7 foot-traffic calls): its locations in
 * a table (name and nickname, store id, market, opening hours), a search among the stores its
 * foot-traffic data names (find_location) with Add, a form for a store the data does not know,
 * the nickname edited in place, opening hours per weekday (closed, open–close times, or open all
 * hours) and delete with a confirmation. Store visits outside opening hours are not counted in
 * the foot-traffic report; the nickname is what the report shows.
 */
export function LocationsDialog({ clientUid, clientName, open, onClose }: LocationsDialogProps) {
  if (!open) return null;
  return (
    <ModalDialog
      title={`Store locations: ${clientName}`}
      onClose={onClose}
      variant="side"
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <LocationsPanel clientUid={clientUid} />
    </ModalDialog>
  );
}

function LocationsPanel({ clientUid }: { clientUid: string }) {
  const list = useLocations(clientUid);
  const market = useMarketName();
  const locations = list.data?.locations ?? [];
  const refresh = () => list.mutate();
  return (
    <div className={styles.panel}>
      <p className={styles.lead}>
        The stores whose visits count in this client's foot-traffic report. Store visits outside a
        store's opening hours are not counted; a nickname replaces the store's name in the report.
        Changes apply to reports run from now on.
      </p>
      <SearchStores
        clientUid={clientUid}
        market={market}
        onAdded={refresh}
        addedIds={new Set(locations.map((l) => l.store_id))}
      />
      {list.error ? (
        <FormAlert message={`The locations could not be loaded: ${errorMessage(list.error)}`} />
      ) : list.isLoading ? (
        <p role="status">Loading locations…</p>
      ) : locations.length === 0 ? (
        <div className={styles.empty} role="status">
          <strong>No store locations yet.</strong> Search for a store from this client's
          foot-traffic data above, or add one by hand. Until you add one, every store visit in the
          data counts.
        </div>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table} aria-label="Store locations">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Store id</th>
                <th scope="col">Market</th>
                <th scope="col">Opening hours</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {locations.map((l) => (
                <LocationRow
                  key={l.uid}
                  clientUid={clientUid}
                  location={l}
                  market={market(l.dma_code)}
                  onChanged={refresh}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The search box (find_location), its results with Add, and the form for a new store. */
function SearchStores({
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

/** A store typed in by hand: store id, name, address and market. */
function NewStoreForm({
  clientUid,
  onDone,
}: {
  clientUid: string;
  onDone: (added: boolean) => void;
}) {
  const regions = useRegions();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof newStoreSchema>>({
    resolver: zodResolver(newStoreSchema),
    defaultValues: { store_id: '', name: '', address: '', dma_code: '' },
  });
  const submit = async (v: z.infer<typeof newStoreSchema>) => {
    setProblem(null);
    try {
      await saveLocation({
        client_uid: clientUid,
        store_id: v.store_id,
        name: v.name,
        address: v.address,
        ...(v.dma_code ? { dma_code: v.dma_code } : {}),
      });
      onDone(true);
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === 'store_id' || field === 'name' || field === 'address' || field === 'dma_code')
        setError(field, { message: errorMessage(error) });
      else setProblem(errorMessage(error));
    }
  };
  const dmaId = useId();
  return (
    <form className={styles.newStore} noValidate onSubmit={handleSubmit(submit)}>
      <h3 className={styles.subhead}>New store</h3>
      <FormAlert message={problem} />
      <TextField label="Store id" registration={register('store_id')} error={errors.store_id} />
      <TextField label="Store name" registration={register('name')} error={errors.name} />
      <TextField label="Address" registration={register('address')} error={errors.address} />
      <div className="form-field">
        <label htmlFor={dmaId} className="form-field__label">
          Market (DMA)
        </label>
        <select
          id={dmaId}
          className={`input form-field__input${errors.dma_code ? ' input--invalid' : ''}`}
          aria-invalid={errors.dma_code ? true : undefined}
          aria-describedby={errors.dma_code ? `${dmaId}-error` : undefined}
          {...register('dma_code')}
        >
          <option value="">Not known (use the client's time zone)</option>
          {regions.status === 'ready' &&
            regions.items.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
        </select>
        <FieldMessage id={`${dmaId}-error`} error={errors.dma_code} />
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add store'}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

type RowMode = 'view' | 'rename' | 'hours' | 'delete';

/** One location: its cells, and in place its nickname editor, hours editor or delete question. */
function LocationRow({
  clientUid,
  location,
  market,
  onChanged,
}: {
  clientUid: string;
  location: Location;
  market: string;
  onChanged: () => void;
}) {
  const [mode, setMode] = useState<RowMode>('view');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = location.nickname ?? location.name;
  const done = () => {
    setMode('view');
    setProblem(null);
    onChanged();
  };
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await deleteLocation(clientUid, location.uid);
      onChanged();
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <>
      <tr>
        <td>
          {mode === 'rename' ? (
            <NicknameForm
              clientUid={clientUid}
              location={location}
              onDone={done}
              onCancel={() => setMode('view')}
            />
          ) : (
            <>
              <strong>{shown}</strong>
              {location.nickname && <div className={styles.muted}>{location.name}</div>}
            </>
          )}
        </td>
        <td className={styles.nowrap}>{location.store_id}</td>
        <td>{market}</td>
        <td>{hoursSummary(location.hours)}</td>
        <td className={styles.rowActions}>
          <button
            type="button"
            className={`button ${styles.small}`}
            onClick={() => setMode(mode === 'rename' ? 'view' : 'rename')}
            aria-label={`Edit nickname of ${shown}`}
          >
            Nickname
          </button>
          <button
            type="button"
            className={`button ${styles.small}`}
            onClick={() => setMode(mode === 'hours' ? 'view' : 'hours')}
            aria-expanded={mode === 'hours'}
            aria-label={`Opening hours of ${shown}`}
          >
            Hours
          </button>
          <button
            type="button"
            className={`button ${styles.small} ${styles.danger}`}
            onClick={() => setMode('delete')}
            aria-label={`Delete ${shown}`}
          >
            Delete
          </button>
        </td>
      </tr>
      {(mode === 'hours' || mode === 'delete' || problem) && (
        <tr className={styles.detailRow}>
          <td colSpan={5}>
            <FormAlert message={problem} />
            {mode === 'hours' && (
              <HoursEditor
                clientUid={clientUid}
                location={location}
                onDone={done}
                onCancel={() => setMode('view')}
              />
            )}
            {mode === 'delete' && (
              <fieldset className={`${styles.confirm} ${styles.fieldset}`}>
                <legend className="visually-hidden">Delete {shown}?</legend>
                <p>
                  Delete <strong>{shown}</strong> (store {location.store_id})? Its nickname and
                  hours are removed and all its store visits count again in the next report.
                </p>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={`button ${styles.danger}`}
                    onClick={remove}
                    disabled={busy}
                  >
                    {busy ? 'Deleting…' : 'Delete location'}
                  </button>
                  <button type="button" className="button" onClick={() => setMode('view')}>
                    Keep it
                  </button>
                </div>
              </fieldset>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

/** The nickname, edited in place; blank clears it. */
function NicknameForm({
  clientUid,
  location,
  onDone,
  onCancel,
}: {
  clientUid: string;
  location: Location;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof nicknameSchema>>({
    resolver: zodResolver(nicknameSchema),
    defaultValues: { nickname: location.nickname ?? '' },
  });
  const submit = async ({ nickname }: { nickname: string }) => {
    setProblem(null);
    try {
      await saveLocationNickname(clientUid, location.uid, nickname);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <form
      className={styles.inline}
      noValidate
      onSubmit={handleSubmit(submit)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <FormAlert message={problem} />
      <TextField
        label={`Nickname of ${location.name}`}
        registration={register('nickname')}
        error={errors.nickname}
        placeholder={location.name}
        autoFocus
      />
      <div className={styles.actions}>
        <button
          type="submit"
          className={`button button--primary ${styles.small}`}
          disabled={isSubmitting}
        >
          Save
        </button>
        <button type="button" className={`button ${styles.small}`} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Opening hours per weekday: closed, or open–close times; or open all hours. */
function HoursEditor({
  clientUid,
  location,
  onDone,
  onCancel,
}: {
  clientUid: string;
  location: Location;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [dayErrors, setDayErrors] = useState<Partial<Record<Weekday, string>>>({});
  const { register, handleSubmit, watch, formState } = useForm<HoursForm>({
    defaultValues: hoursToForm(location.hours),
  });
  const allHours = watch('allHours');
  const days = watch('days');
  const first = useRef<HTMLInputElement | null>(null);
  const submit = async (form: HoursForm) => {
    setProblem(null);
    const out = formToHours(form);
    if (!out.ok) {
      setDayErrors(out.errors);
      return;
    }
    setDayErrors({});
    try {
      await saveLocationHours(clientUid, location.uid, out.hours);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const allReg = register('allHours');
  return (
    <form className={styles.hours} noValidate onSubmit={handleSubmit(submit)}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.subhead}>
          Opening hours of {location.nickname ?? location.name}{' '}
          <span className={styles.muted}>({location.timezone.replaceAll('_', ' ')} time)</span>
        </legend>
        <FormAlert message={problem} />
        <label className={styles.check}>
          <input
            type="checkbox"
            {...allReg}
            ref={(el) => {
              allReg.ref(el);
              first.current = el;
            }}
          />{' '}
          Open all hours (every store visit counts)
        </label>
        {!allHours && (
          <table className={styles.hoursTable}>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Open</th>
                <th scope="col">Opens</th>
                <th scope="col">Closes</th>
              </tr>
            </thead>
            <tbody>
              {WEEKDAYS.map((d) => {
                const label = DAY_LABELS[d].long;
                const isOpen = days[d].open;
                const error = dayErrors[d];
                const errorId = `hours-${location.uid}-${d}-error`;
                return (
                  <tr key={d}>
                    <th scope="row">{label}</th>
                    <td>
                      <label className={styles.check}>
                        <input type="checkbox" {...register(`days.${d}.open`)} />{' '}
                        {isOpen ? 'Open' : 'Closed'}
                        <span className="visually-hidden"> on {label}</span>
                      </label>
                    </td>
                    <td>
                      <input
                        type="time"
                        className="input"
                        aria-label={`${label} opens at`}
                        disabled={!isOpen}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        {...register(`days.${d}.from`)}
                      />
                    </td>
                    <td>
                      <input
                        type="time"
                        className="input"
                        aria-label={`${label} closes at`}
                        disabled={!isOpen}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        {...register(`days.${d}.to`)}
                      />
                      {error && (
                        <p id={errorId} className={styles.error}>
                          {error}
                        </p>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {!allHours && (
          <p className={styles.note}>
            A closing time before the opening time closes the next day (e.g. 20:00 to 02:00); 00:00
            to 00:00 is the whole day.
          </p>
        )}
      </fieldset>
      <div className={styles.actions}>
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save hours'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
