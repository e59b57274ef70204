import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { ModalDialog } from '../components/modal-dialog';
import styles from './locations-dialog.module.css';
import { LocationsTable } from './locations-table';
import { StoreSearch } from './store-search';
import { useLocations } from './use-locations';
import { useMarketName } from './use-market-name';

/** Props of {@link LocationsDialog}. */
export interface LocationsDialogProps {
  clientUid: string;
  clientName: string;
  open: boolean;
  onClose: () => void;
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
      <StoreSearch
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
        <LocationsTable
          clientUid={clientUid}
          locations={locations}
          market={market}
          onChanged={refresh}
        />
      )}
    </div>
  );
}
