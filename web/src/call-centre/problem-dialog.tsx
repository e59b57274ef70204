import { CALL_MESSAGES } from '#shared/contracts/call-centre.schema';
import { ModalDialog } from '../components/modal-dialog';
import type { SaveFailure } from './use-activity-saver';

/** Props of {@link ProblemDialog}. */
export interface ProblemDialogProps {
  failure: SaveFailure;
  onRetry: () => void;
  onClose: () => void;
}

/** A failed save (spec §8 "Call-centre failed saves: popup titled Problem! with the server message"). */
export function ProblemDialog({ failure, onRetry, onClose }: ProblemDialogProps) {
  return (
    <ModalDialog
      title={CALL_MESSAGES.problemTitle}
      onClose={onClose}
      describedBy="cc-problem-message"
      footer={
        <>
          <button type="button" className="button button--primary" onClick={onRetry}>
            Try again
          </button>
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <p id="cc-problem-message">{failure.message}</p>
    </ModalDialog>
  );
}
