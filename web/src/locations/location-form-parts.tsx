import type { Location } from '#shared/contracts/locations.schema';
import styles from './locations-dialog.module.css';

/** Props of an editor opened in place on one location (its nickname or its opening hours). */
export interface LocationEditorProps {
  clientUid: string;
  location: Location;
  /** Called once the change is saved. */
  onDone: () => void;
  /** Called when the user gives up (Cancel, or Escape where the editor supports it). */
  onCancel: () => void;
}

/**
 * The submit and Cancel buttons under a location form. `busyLabel` replaces `label` while the
 * form submits (the same label when omitted); `small` gives the compact buttons used inside a row.
 */
export function FormActions({
  label,
  busyLabel = label,
  busy,
  onCancel,
  small = false,
}: {
  label: string;
  busyLabel?: string;
  busy: boolean;
  onCancel: () => void;
  small?: boolean;
}) {
  const size = small ? ` ${styles.small}` : '';
  return (
    <div className={styles.actions}>
      <button type="submit" className={`button button--primary${size}`} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className={`button${size}`} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
