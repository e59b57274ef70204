import { useCallback, useState } from 'react';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { type PerformReportInput, performReport } from '../api/actions';
import { errorMessage } from '../api/client';
import { useQueueMonitor } from '../api/use-queue-monitor';
import { type RunState, runState } from '../lib/progress';
import { refreshTasks } from '../shell/use-company-queue';

interface Run {
  clientUid: string;
  reportId: string;
  sessionUid: string;
}

/** A run's input: perform_report's fields, the comparison range included. */
export type RunInput = PerformReportInput;

/** What the report screen needs to know about a run. */
export interface ReportRun {
  /** The run of this client in progress, with its progress 0-100; null when none. */
  progress: number | null;
  /** The problem to show: a failed start or a failed queue item. */
  problem: string | null;
  /** The report id of a run that completed and has not been acknowledged yet. */
  completedReportId: string | null;
  start: (input: RunInput) => Promise<void>;
  /** Clears a completed or failed run. */
  clear: () => void;
}

/**
 * Starts reports (perform_report) and follows them (queue_monitor every second) for one
 * client (spec §4 "Report generation").
 */
export function useReportRun(clientUid: string | undefined): ReportRun {
  const [run, setRun] = useState<Run | null>(null);
  const [startProblem, setStartProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const ours = run && run.clientUid === clientUid ? run : null;
  const monitor = useQueueMonitor(ours?.clientUid, ours?.sessionUid);
  const state: RunState | null = ours
    ? monitor.data
      ? runState(monitor.data.queues)
      : { kind: 'running', progress: 0 }
    : null;

  const clear = useCallback(() => {
    setRun(null);
    setStartProblem(null);
  }, []);

  async function start(input: RunInput) {
    setStartProblem(null);
    setStarting(true);
    try {
      const result = await performReport(input);
      setRun({
        clientUid: input.client_uid,
        reportId: result.report_id,
        sessionUid: result.session_uid,
      });
      // The tasks panel shows the new run without waiting for its next poll.
      void refreshTasks();
    } catch (error) {
      setStartProblem(errorMessage(error));
    } finally {
      setStarting(false);
    }
  }

  return {
    progress: starting ? 0 : state?.kind === 'running' ? state.progress : null,
    problem:
      startProblem ?? (state?.kind === 'failed' ? (state.message ?? GENERIC_ERROR_MESSAGE) : null),
    completedReportId: state?.kind === 'complete' && ours ? ours.reportId : null,
    start,
    clear,
  };
}
