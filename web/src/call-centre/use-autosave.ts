import { useCallback, useEffect, useRef } from 'react';
import { CALL_TIMERS } from '#shared/contracts/call-centre.schema';
import { useRecordSaver } from './saver-context';

/** The controls of one autosaving section. */
export interface Autosave {
  /** An edit happened: (re)starts the 3 s wait. */
  touch: () => void;
  /** Runs a waiting save now (nothing when no edit is waiting). */
  flush: () => void;
  /** Drops a waiting save (the caller saves by itself). */
  cancel: () => void;
}

/**
 * Saves a section 3 s after its last edit (spec §4 "Edits auto-save after a 3 s pause").
 * `run` queues the section's activity; a waiting edit is also saved when a button asks every
 * section to flush (Send, End call) and when the section goes away.
 */
export function useAutosave(run: () => void): Autosave {
  const { registerFlush } = useRecordSaver();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const runRef = useRef(run);
  runRef.current = run;

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const flush = useCallback(() => {
    if (timer.current === null) return;
    cancel();
    runRef.current();
  }, [cancel]);

  const touch = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => {
      timer.current = null;
      runRef.current();
    }, CALL_TIMERS.autosaveMs);
  }, [cancel]);

  useEffect(() => {
    const unregister = registerFlush(flush);
    return () => {
      unregister();
      flush();
    };
  }, [registerFlush, flush]);

  return { touch, flush, cancel };
}
