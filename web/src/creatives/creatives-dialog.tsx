import { ModalDialog } from '../components/modal-dialog';
import { CreativeForm } from './creative-form';
import styles from './creatives.module.css';
import { useClientCreatives } from './creatives-api';

/** Props of {@link CreativesDialog}. */
export interface CreativesDialogProps {
  clientUid: string;
  /** The creatives the report shows (post-log values), in the table's order. */
  creativeIds: readonly string[];
  onClose: () => void;
}

/**
 * The creatives dialog (spec §7 update_creatives), opened from the report's Creative table:
 * per creative, rename, tag (ISCI), set the length and attach the spot's audio or video. Lists
 * the report's creatives first, then any other stored ones.
 */
export function CreativesDialog({ clientUid, creativeIds, onClose }: CreativesDialogProps) {
  const { data, error, isLoading } = useClientCreatives(clientUid);
  const stored = new Map((data?.creatives ?? []).map((c) => [c.creative_id, c]));
  const ids = [...new Set([...creativeIds, ...stored.keys()])].filter((id) => id !== '(none)');
  return (
    <ModalDialog
      title="Creatives"
      onClose={onClose}
      variant="side"
      footer={
        <button type="button" className="button button--ghost" onClick={onClose}>
          Close
        </button>
      }
    >
      {isLoading ? (
        <p role="status">Loading creatives…</p>
      ) : error ? (
        <p role="alert">The creatives could not be loaded. Close and try again.</p>
      ) : ids.length === 0 ? (
        <p>This report has no creatives. Post-logs name them in their creative column.</p>
      ) : (
        <ul className={styles.list}>
          {ids.map((id) => (
            <CreativeForm
              key={id}
              clientUid={clientUid}
              creativeId={id}
              creative={stored.get(id) ?? null}
            />
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}
