import { useState } from 'react';
import styles from './creatives.module.css';
import { CreativesDialog } from './creatives-dialog';

/** Props of {@link CreativesButton}. */
export interface CreativesButtonProps {
  clientUid: string;
  /** The Creative table's rows' keys (post-log values). */
  creativeIds: readonly string[];
}

/** "Edit creatives" above the report's Creative table; opens the creatives dialog. */
export function CreativesButton({ clientUid, creativeIds }: CreativesButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.tools}>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Edit creatives
      </button>
      {open && (
        <CreativesDialog
          clientUid={clientUid}
          creativeIds={creativeIds}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
