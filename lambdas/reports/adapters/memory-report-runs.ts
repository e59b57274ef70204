import type { ActiveRun, ReportRuns, RunClaim } from '../core/ports';

/** ReportRuns in memory (tests); same rules as DynamoReportRuns. */
export class MemoryReportRuns implements ReportRuns {
  /** client_uid -> the run holding its slot. */
  readonly slots = new Map<string, ActiveRun>();
  /** `<client_uid>#<hour start, epoch s>` -> runs counted. */
  readonly hours = new Map<string, number>();

  async active(clientUid: string): Promise<ActiveRun | null> {
    const run = this.slots.get(clientUid);
    return run ? { ...run } : null;
  }

  async claim(
    run: ActiveRun,
    seen: string | null,
    perHour: number,
    hourStartS: number,
  ): Promise<RunClaim> {
    if ((this.slots.get(run.client_uid)?.report_id ?? null) !== seen) return 'busy';
    const hour = `${run.client_uid}#${hourStartS}`;
    const counted = this.hours.get(hour) ?? 0;
    if (counted >= perHour) return 'hour_full';
    this.slots.set(run.client_uid, { ...run });
    this.hours.set(hour, counted + 1);
    return 'claimed';
  }

  async release(clientUid: string, reportId: string): Promise<void> {
    if (this.slots.get(clientUid)?.report_id === reportId) this.slots.delete(clientUid);
  }
}
