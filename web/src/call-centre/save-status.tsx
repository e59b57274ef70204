import type { SaveState } from './use-activity-saver';

const TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved',
};

/** The small "Saving… / Saved" line, announced politely to screen readers. */
export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <p className={`cc-save cc-save--${state}`} role="status">
      {TEXT[state]}
    </p>
  );
}
