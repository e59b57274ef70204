import { useCallback, useEffect, useRef, useState } from 'react';
import { CALL_TIMERS, type CallActivity } from '#shared/contracts/call-centre.schema';
import type { CallRecord } from '#shared/contracts/call-record';
import { callRoute, errorMessage } from '../api/client';

/** What the "Saving… / Saved" status shows. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** One queued POST cls_activity. */
interface SaveJob {
  clientId: string;
  activity: CallActivity;
  payload: unknown;
  /** Made once per save; a retry of the same save sends it again (the server dedupes). */
  activityId: string;
  /** The callers waiting for this save: the record, or null when the agent gave up on it. */
  done: Array<(record: CallRecord | null) => void>;
}

/** A failed save waiting for the agent's Try again or Close. */
export interface SaveFailure {
  message: string;
  activity: CallActivity;
}

/** The section saves a newer edit may replace while still waiting in the queue. */
const REPLACEABLE = new Set<CallActivity>([
  'advertiser_info',
  'website_info',
  'signup_info',
  'agency_info',
  'notes',
]);

/** A fresh activity id (uuid), also where crypto.randomUUID is missing (old test DOMs). */
function newActivityId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  return `a-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The saver every call-centre form and button posts through. */
export interface ActivitySaver {
  /**
   * Queues one activity. Resolves with the record the server answered, or null when the save
   * failed and the agent closed the Problem! popup.
   */
  save: (clientId: string, activity: CallActivity, payload?: unknown) => Promise<CallRecord | null>;
  state: SaveState;
  failure: SaveFailure | null;
  /** Sends the failed save again with the same activity_id. */
  retry: () => void;
  /** Gives up on the failed save and goes on with the queue. */
  dismiss: () => void;
}

/**
 * The call-centre save queue (spec §4 "one save at a time; the saving flag is released 1 s after
 * the response"; §8 "Call-centre failed saves: popup titled Problem! with the server message").
 * Steps: 1. a save joins the queue (a waiting save of the same section takes the newer values);
 * 2. the first job is posted with its activity_id while the flag is held; 3. its record goes to
 * `onRecord`; 4. 1 s after the answer the flag drops and the next job goes. A failure pauses the
 * queue until the agent retries (same activity_id) or closes the popup.
 */
export function useActivitySaver(onRecord: (record: CallRecord) => void): ActivitySaver {
  const queue = useRef<SaveJob[]>([]);
  const busy = useRef(false);
  const failed = useRef<SaveJob | null>(null);
  const live = useRef(true);
  const onRecordRef = useRef(onRecord);
  onRecordRef.current = onRecord;
  const [state, setState] = useState<SaveState>('idle');
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const pump = useCallback(() => {
    if (busy.current || failed.current) return;
    const job = queue.current.shift();
    if (!job) return;
    busy.current = true;
    if (live.current) setState('saving');
    const input = {
      client_id: job.clientId,
      activity: job.activity,
      payload: job.payload,
      activity_id: job.activityId,
    };
    let ok = false;
    callRoute<{ record: CallRecord }>('cls_activity', input)
      .then(({ record }) => {
        ok = true;
        onRecordRef.current(record);
        for (const resolve of job.done) resolve(record);
      })
      .catch((error: unknown) => {
        failed.current = job;
        if (live.current) setFailure({ message: errorMessage(error), activity: job.activity });
      })
      .finally(() => {
        setTimeout(() => {
          busy.current = false;
          if (live.current && queue.current.length === 0) setState(ok ? 'saved' : 'failed');
          pump();
        }, CALL_TIMERS.saveLockReleaseMs);
      });
  }, []);

  const save = useCallback(
    (clientId: string, activity: CallActivity, payload: unknown = {}) =>
      new Promise<CallRecord | null>((resolve) => {
        const waiting = REPLACEABLE.has(activity)
          ? queue.current.find((j) => j.clientId === clientId && j.activity === activity)
          : undefined;
        if (waiting) {
          waiting.payload = payload;
          waiting.done.push(resolve);
        } else {
          const activityId = newActivityId();
          queue.current.push({ clientId, activity, payload, activityId, done: [resolve] });
        }
        pump();
      }),
    [pump],
  );

  const retry = useCallback(() => {
    const job = failed.current;
    if (!job) return;
    failed.current = null;
    setFailure(null);
    queue.current.unshift(job);
    pump();
  }, [pump]);

  const dismiss = useCallback(() => {
    const job = failed.current;
    failed.current = null;
    setFailure(null);
    for (const resolve of job?.done ?? []) resolve(null);
    pump();
  }, [pump]);

  return { save, state, failure, retry, dismiss };
}
