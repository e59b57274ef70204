import { NotFound } from '#shared/errors';
import type {
  Executions,
  ReportJob,
  ReportJobs,
  ReportQueue,
  ReportStepPayload,
  ReportStore,
} from '../core/ports';

/**
 * In-memory adapters of the report ports, for tests and quick local runs (same behaviour as the
 * DynamoDB, S3, SQS and Step Functions adapters).
 */
export class MemoryReportJobs implements ReportJobs {
  readonly jobs = new Map<string, ReportJob>();
  constructor(private readonly now: () => Date = () => new Date()) {}

  async create(job: ReportJob) {
    this.jobs.set(job.report_id, structuredClone(job));
  }
  async get(id: string) {
    const job = this.jobs.get(id);
    return job ? structuredClone(job) : null;
  }
  async update(id: string, patch: Partial<Pick<ReportJob, 'status' | 'progress' | 'message'>>) {
    const job = this.jobs.get(id);
    if (!job) throw new NotFound('Report');
    this.jobs.set(id, { ...job, ...patch, updated_at: this.now().toISOString() });
  }
  async listBySession(clientUid: string, sessionUid: string) {
    return [...this.jobs.values()]
      .filter((j) => j.client_uid === clientUid && j.session_uid === sessionUid)
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((j) => structuredClone(j));
  }
}

/** Objects kept as bytes, like a bucket. */
export class MemoryReportStore implements ReportStore {
  readonly objects = new Map<string, Uint8Array>();

  async putJson(key: string, value: unknown) {
    this.objects.set(key, new TextEncoder().encode(JSON.stringify(value)));
  }
  async getJson<T>(key: string) {
    const bytes = this.objects.get(key);
    return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as T) : null;
  }
  async putBytes(key: string, bytes: Uint8Array) {
    this.objects.set(key, new Uint8Array(bytes));
  }
  async getBytes(key: string) {
    const bytes = this.objects.get(key);
    return bytes ? new Uint8Array(bytes) : null;
  }
}

/** Sent messages, in order. */
export class MemoryReportQueue implements ReportQueue {
  readonly sent: ReportStepPayload[] = [];
  async send(payload: ReportStepPayload) {
    this.sent.push(structuredClone(payload));
  }
}

/** Started executions by name (report_id); a second start of a name starts nothing. */
export class MemoryExecutions implements Executions {
  readonly started = new Map<string, ReportStepPayload>();
  async start(payload: ReportStepPayload) {
    if (this.started.has(payload.report_id)) return 'already-started' as const;
    this.started.set(payload.report_id, structuredClone(payload));
    return 'started' as const;
  }
}
