import {
  type JobSnapshot,
  jobRef,
  type QueueJobs,
  type UserJobEntry,
} from '../../../lambdas/companies/core/queue-ports';

/** QueueJobs in memory: index entries per user and job states by jobRef. */
export class MemoryQueueJobs implements QueueJobs {
  entries: UserJobEntry[] = [];
  states = new Map<string, JobSnapshot>();

  /** Records a job started by `entry.user_id` with its current state. */
  start(entry: UserJobEntry, state: JobSnapshot): void {
    this.entries.push({ ...entry });
    this.states.set(jobRef(entry), state);
  }

  /** Changes a job's state (as its worker would). */
  set(kind: UserJobEntry['kind'], id: string, patch: Partial<JobSnapshot>): void {
    const ref = jobRef({ kind, id });
    this.states.set(ref, { ...(this.states.get(ref) as JobSnapshot), ...patch });
  }

  async listUserJobs(userId: string, sinceIso: string) {
    return this.entries
      .filter((e) => e.user_id === userId && e.started_at >= sinceIso)
      .sort((a, b) => b.started_at.localeCompare(a.started_at))
      .map((e) => ({ ...e }));
  }

  async snapshots(entries: readonly UserJobEntry[]) {
    const out = new Map<string, JobSnapshot>();
    for (const e of entries) {
      const s = this.states.get(jobRef(e));
      if (s) out.set(jobRef(e), { ...s });
    }
    return out;
  }

  async hide(entries: readonly UserJobEntry[], atIso: string) {
    for (const h of entries) {
      const stored = this.entries.find(
        (e) => e.user_id === h.user_id && e.kind === h.kind && e.id === h.id,
      );
      if (stored) stored.hidden_at = atIso;
    }
  }
}
