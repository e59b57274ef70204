/**
 * Report-generation progress for the loading overlay (spec §2 "Loading overlay": Loading with
 * an optional percentage and an optional phrase by progress thresholds; spec §4 "Report
 * generation": the queue monitor reports progress 0-100 per report type).
 */

import type { QueueItem } from '#shared/contracts/api.schema';

export type { QueueItem };

/** Phrase thresholds: the first whose `below` exceeds the progress wins. */
const PHRASES = [
  { below: 30, text: 'Gathering airings and visits' },
  { below: 70, text: 'Attributing visits to airings' },
  { below: 100, text: 'Building your tables' },
] as const;

/** The phrase for a progress percentage; `undefined` progress has no phrase; 100 is "Done". */
export function loadingPhrase(progress: number | undefined): string | undefined {
  if (progress === undefined || !Number.isFinite(progress)) return undefined;
  return PHRASES.find((p) => progress < p.below)?.text ?? 'Done';
}

/**
 * Overall progress 0-100 (whole number) over all queue items: complete items count as 100,
 * others by their own progress clamped to 0..100. No items yet -> 0.
 */
export function overallProgress(queues: readonly QueueItem[]): number {
  if (queues.length === 0) return 0;
  const sum = queues.reduce(
    (acc, q) => acc + (q.complete ? 100 : Math.min(100, Math.max(0, q.progress))),
    0,
  );
  return Math.floor(sum / queues.length);
}

/** The state of a run, from its queue items. */
export type RunState =
  | { kind: 'running'; progress: number }
  | { kind: 'failed'; message: string | undefined }
  | { kind: 'complete' };

/**
 * Folds the queue items into one state: any failed item fails the run; all complete (and at
 * least one item) completes it; otherwise it is running.
 */
export function runState(queues: readonly QueueItem[]): RunState {
  const failed = queues.find((q) => q.status === 'failed');
  if (failed) return { kind: 'failed', message: failed.message };
  if (queues.length > 0 && queues.every((q) => q.complete)) return { kind: 'complete' };
  return { kind: 'running', progress: overallProgress(queues) };
}
