import { useEffect, useId, useRef, useState } from 'react';
import type { SavedReportView } from '#shared/contracts/report-session.schema';
import { ModalDialog } from '../components/modal-dialog';

/** Spec §9 "saved-report dialog 20 s": seconds before Load Updated Report happens by itself. */
export const SAVED_REPORT_COUNTDOWN_S = 20;

/** Seconds left at which the countdown is announced (every second would drown a screen reader). */
const ANNOUNCE_AT = new Set([20, 10, 5, 3, 2, 1]);

/**
 * Whether opening a saved report asks Load Updated / Load Last (spec §4 "Saved report ...
 * Skipped for sample clients").
 */
export function offersUpdatedReport(client: { demo: boolean; sample_data: boolean }): boolean {
  return !client.demo && !client.sample_data;
}

/** Props of {@link SavedReportDialog}. */
export interface SavedReportDialogProps {
  /** get_saved_report's answer. */
  view: SavedReportView;
  /** Runs a fresh report with the saved settings (the default, chosen at 0). */
  onLoadUpdated: () => void;
  /** Shows the report as it was saved (also Escape). */
  onLoadLast: () => void;
  /** @default SAVED_REPORT_COUNTDOWN_S */
  seconds?: number;
}

/** Why an update is offered, in words. */
function reasonText(view: SavedReportView): string {
  if (view.stale_reason === 'newer_report') return 'A newer report of this client exists.';
  if (view.stale_reason === 'postlog_changed')
    return 'The post-log changed after this report was saved.';
  return 'Load it with the latest data, or as it was saved.';
}

/**
 * The saved-report dialog (spec §4 "Saved report": Load Updated Report or Load Last Report with
 * a 20-second countdown). Load Updated Report has focus and happens by itself when
 * the countdown reaches 0; the countdown is shown every second and announced politely at a few
 * points; focus stays inside; Escape means Load Last Report. Exactly one choice is reported.
 */
export function SavedReportDialog({
  view,
  onLoadUpdated,
  onLoadLast,
  seconds = SAVED_REPORT_COUNTDOWN_S,
}: SavedReportDialogProps) {
  const [left, setLeft] = useState(seconds);
  const [announced, setAnnounced] = useState(seconds);
  const chosen = useRef(false);
  const updatedButton = useRef<HTMLButtonElement>(null);
  const descriptionId = useId();
  const handlers = useRef({ onLoadUpdated, onLoadLast });
  handlers.current = { onLoadUpdated, onLoadLast };

  const choose = (which: 'onLoadUpdated' | 'onLoadLast') => {
    if (chosen.current) return;
    chosen.current = true;
    handlers.current[which]();
  };
  const chooseRef = useRef(choose);
  chooseRef.current = choose;

  useEffect(() => {
    if (chosen.current) return;
    if (left <= 0) {
      chooseRef.current('onLoadUpdated');
      return;
    }
    if (ANNOUNCE_AT.has(left)) setAnnounced(left);
    const tick = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(tick);
  }, [left]);

  const saved = view.saved_report;
  return (
    <ModalDialog
      title={`Saved report: ${saved.name}`}
      onClose={() => choose('onLoadLast')}
      initialFocus={updatedButton}
      describedBy={descriptionId}
      footer={
        <>
          <button type="button" className="button" onClick={() => choose('onLoadLast')}>
            Load Last Report
          </button>
          <button
            ref={updatedButton}
            type="button"
            className="button button--primary"
            onClick={() => choose('onLoadUpdated')}
          >
            Load Updated Report
          </button>
        </>
      }
    >
      <p id={descriptionId}>{reasonText(view)}</p>
      {saved.comments && <p className="modal__status">{saved.comments}</p>}
      <p className="countdown" aria-hidden="true">
        Loading the updated report in{' '}
        <span className="countdown__seconds" data-testid="countdown">
          {Math.max(left, 0)}
        </span>{' '}
        {left === 1 ? 'second' : 'seconds'}.
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {`The updated report loads in ${announced} ${announced === 1 ? 'second' : 'seconds'}.`}
      </p>
    </ModalDialog>
  );
}
