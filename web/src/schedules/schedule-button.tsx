import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSession } from '../account/use-account';
import { LockIcon } from '../components/lock-icon';
import { scheduleLockOf } from './schedule-access';
import { SchedulesDialog } from './schedules-dialog';

/** Props of {@link ScheduleButton}. */
export interface ScheduleButtonProps {
  clientUid: string;
  /** The client's name, shown in the dialog. @default none */
  clientName?: string;
  /** The client's perms from fetch_companies; unknown restricts nothing. @default none */
  perms?: { schedule: boolean } | null;
  /** The read-only sample (demo) client. @default false */
  sample?: boolean;
}

/**
 * The report toolbar's Schedule button and its dialog (web/src/schedules/schedules-dialog.tsx).
 * Locked (no Schedule feature on the account, or no `schedule` permission on the client) it
 * still opens, to say why and link to the plans; its accessible description says so up front.
 */
export function ScheduleButton({ clientUid, clientName, perms, sample }: ScheduleButtonProps) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  const session = useSession();
  const lock = scheduleLockOf(session.data, perms, sample);
  return (
    <>
      <button
        type="button"
        className="button"
        aria-haspopup="dialog"
        title={lock?.reason}
        aria-describedby={lock ? noteId : undefined}
        onClick={() => setOpen(true)}
      >
        {lock && <LockIcon />}
        Schedule
      </button>
      {lock && (
        <span id={noteId} className="visually-hidden">
          Locked: {lock.reason}
        </span>
      )}
      {open &&
        // Rendered at the end of the page, not inside the toolbar it is opened from.
        createPortal(
          <SchedulesDialog
            clientUid={clientUid}
            clientName={clientName}
            lock={lock}
            email={session.data?.primary_email}
            onClose={() => setOpen(false)}
          />,
          document.body,
        )}
    </>
  );
}
