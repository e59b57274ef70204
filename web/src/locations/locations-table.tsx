import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Location, saveLocationNicknameInputSchema } from '#shared/contracts/locations.schema';
import { errorMessage } from '../api/client';
import { FormAlert, TextField } from '../auth/form-controls';
import { hoursSummary } from './hours';
import { HoursEditor } from './hours-editor';
import { FormActions, type LocationEditorProps } from './location-form-parts';
import styles from './locations-dialog.module.css';
import { deleteLocation, saveLocationNickname } from './use-locations';

const nicknameSchema = saveLocationNicknameInputSchema.pick({ nickname: true });

/**
 * A client's locations, one row each (name and nickname, store id, market, opening hours), with
 * Nickname, Hours and Delete opening in place. `market` names a DMA code; `onChanged` is called
 * after any saved change so the list is fetched again.
 */
export function LocationsTable({
  clientUid,
  locations,
  market,
  onChanged,
}: {
  clientUid: string;
  locations: readonly Location[];
  market: (code: string) => string;
  onChanged: () => void;
}) {
  return (
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
              onChanged={onChanged}
            />
          ))}
        </tbody>
      </table>
    </div>
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
  const editor = { clientUid, location, onDone: done, onCancel: () => setMode('view') };
  return (
    <>
      <tr>
        <td>
          {mode === 'rename' ? (
            <NicknameForm {...editor} />
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
            {mode === 'hours' && <HoursEditor {...editor} />}
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

/** The nickname, edited in place; blank clears it. Escape cancels. */
function NicknameForm({ clientUid, location, onDone, onCancel }: LocationEditorProps) {
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
      <FormActions label="Save" busy={isSubmitting} onCancel={onCancel} small />
    </form>
  );
}
