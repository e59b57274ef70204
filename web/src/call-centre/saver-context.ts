import { createContext, useContext } from 'react';
import type { CallActivity } from '#shared/contracts/call-centre.schema';
import type { CallRecord } from '#shared/contracts/call-record';

/** What the open record's forms and buttons use to save (web/src/call-centre/record-view.tsx). */
export interface RecordSaver {
  /** Queues an activity for the open record; resolves with the new record or null. */
  save: (activity: CallActivity, payload?: unknown) => Promise<CallRecord | null>;
  /** Registers a section's "save my pending edit now"; returns the unregister function. */
  registerFlush: (flush: () => void) => () => void;
  /** Queues every section's pending edit now (before a button's own activity). */
  flushAll: () => void;
}

const missing = (): never => {
  throw new Error('RecordSaver used outside a record');
};

/** The open record's saver. */
export const RecordSaverContext = createContext<RecordSaver>({
  save: missing,
  registerFlush: missing,
  flushAll: missing,
});

/** The open record's saver (inside RecordView). */
export function useRecordSaver(): RecordSaver {
  return useContext(RecordSaverContext);
}
