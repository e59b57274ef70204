import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ConnectionsStore } from '#shared/connections/connections-store';
import { userJobKey, userJobSkFrom } from '#shared/jobs/user-jobs';
import { type JobSnapshot, jobRef, type QueueJobs, type UserJobEntry } from '../core/queue-ports';

/** Index entries read per poll at most (newest first): far more than a panel shows. */
export const MAX_USER_JOBS = 200;

type Item = Record<string, unknown>;

/** An import job's status as the panel sees it (awaiting_upload: queued, uploaded: running). */
const IMPORT_STATES: Record<string, JobSnapshot['status']> = {
  awaiting_upload: 'queued',
  uploaded: 'running',
  review: 'review',
  complete: 'complete',
  failed: 'failed',
};

/** Pull states of a backfill still under way. */
const ACTIVE_PULL_STATES = new Set(['queued', 'running', 'waiting_quota']);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * QueueJobs on the CompaniesTable: the user's index entries (layers/shared/jobs/user-jobs.ts,
 * one Query), import jobs (`IMPORT#<id>/META`) and report runs (`REPORT#<id>/META`) by
 * BatchGetItem, and a GA4 connection's pulls from its client's property states
 * (ConnectionsStore, one Query per client with a pull in the list).
 */
export class DynamoQueueJobs implements QueueJobs {
  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
    private readonly connections: ConnectionsStore,
  ) {}

  async listUserJobs(userId: string, sinceIso: string): Promise<UserJobEntry[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': `USER#${userId}`,
          ':from': userJobSkFrom(sinceIso),
          ':to': 'JOB#\uffff',
        },
        ScanIndexForward: false,
        Limit: MAX_USER_JOBS,
      }),
    );
    return (out.Items ?? []).map((i) => ({
      user_id: userId,
      kind: i.kind as UserJobEntry['kind'],
      id: String(i.id),
      client_uid: String(i.client_uid ?? ''),
      started_at: String(i.started_at),
      hidden_at: str(i.hidden_at) ?? null,
    }));
  }

  async snapshots(entries: readonly UserJobEntry[]): Promise<Map<string, JobSnapshot>> {
    const out = new Map<string, JobSnapshot>();
    const keyed = entries.filter((e) => e.kind !== 'ga_pull');
    const items = await this.getMany(keyed.map((e) => ({ pk: jobPk(e), sk: 'META' })));
    for (const e of keyed) {
      const item = items.get(jobPk(e));
      if (!item) continue;
      out.set(
        jobRef(e),
        e.kind === 'report'
          ? reportSnapshot(item)
          : GENERATED_KINDS.has(e.kind)
            ? generatedSnapshot(item)
            : importSnapshot(item),
      );
    }
    const pulls = entries.filter((e) => e.kind === 'ga_pull' && e.client_uid);
    for (const clientUid of new Set(pulls.map((e) => e.client_uid))) {
      const [conns, states] = await Promise.all([
        this.connections.listConnections(clientUid),
        this.connections.listPropertyStates(clientUid),
      ]);
      for (const e of pulls.filter((p) => p.client_uid === clientUid)) {
        const conn = conns.find((c) => c.connection_id === e.id);
        if (!conn) continue;
        const props = states.filter((s) => s.connection_id === e.id);
        const snap = pullSnapshot(conn, props, clientUid);
        if (snap) out.set(jobRef(e), snap);
      }
    }
    return out;
  }

  async hide(entries: readonly UserJobEntry[], atIso: string): Promise<void> {
    for (const e of entries) {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: userJobKey(e),
          UpdateExpression: 'SET hidden_at = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': atIso },
        }),
      );
    }
  }

  /** Items by key (BatchGetItem, 100 keys a call, unprocessed keys retried), by `pk`. */
  private async getMany(
    keys: ReadonlyArray<{ pk: string; sk: string }>,
  ): Promise<Map<string, Item>> {
    const found = new Map<string, Item>();
    for (let i = 0; i < keys.length; i += 100) {
      let batch: Item[] | undefined = keys.slice(i, i + 100);
      for (let attempt = 0; batch?.length; attempt++) {
        if (attempt > 5) throw new Error('CompaniesTable: BatchGetItem kept throttling');
        if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        const out: BatchGetCommandOutput = await this.db.send(
          new BatchGetCommand({ RequestItems: { [this.table]: { Keys: batch } } }),
        );
        for (const item of out.Responses?.[this.table] ?? []) found.set(String(item.pk), item);
        batch = out.UnprocessedKeys?.[this.table]?.Keys;
      }
    }
    return found;
  }
}

function importSnapshot(item: Item): JobSnapshot {
  return {
    status: IMPORT_STATES[String(item.status)] ?? 'running',
    message: str(item.message) ?? null,
    client_uid: str(item.client_uid) || undefined,
    updated_at: str(item.updated_at) ?? str(item.created_at) ?? '',
    detail: str(item.file_name),
    advertiser: str(item.advertiser),
  };
}

/** Generated report families' jobs (`GENJOB#<job_id>` / `META`, lambdas/families). */
const GENERATED_KINDS: ReadonlySet<string> = new Set(['generated_report', 'org_reporting']);

/** The job item's partition key of an index entry. */
function jobPk(e: UserJobEntry): string {
  if (e.kind === 'report') return `REPORT#${e.id}`;
  return GENERATED_KINDS.has(e.kind) ? `GENJOB#${e.id}` : `IMPORT#${e.id}`;
}

/** A generated report's job: queued, running, done (complete) or failed with its reason. */
function generatedSnapshot(item: Item): JobSnapshot {
  const status = str(item.status);
  return {
    status:
      status === 'done'
        ? 'complete'
        : status === 'failed'
          ? 'failed'
          : status === 'running'
            ? 'running'
            : 'queued',
    progress: typeof item.progress === 'number' ? item.progress : null,
    message: str(item.error) ?? null,
    client_uid: str(item.client_uid) || undefined,
    updated_at: str(item.updated_at) ?? str(item.created_at) ?? '',
    detail: str(item.label),
  };
}

function reportSnapshot(item: Item): JobSnapshot {
  return {
    status: (str(item.status) as JobSnapshot['status']) ?? 'queued',
    progress: typeof item.progress === 'number' ? item.progress : null,
    message: str(item.message) ?? null,
    report_id: str(item.report_id) ?? null,
    client_uid: str(item.client_uid),
    updated_at: str(item.updated_at) ?? str(item.created_at) ?? '',
  };
}

/**
 * A connection's pulls as one job: running while any property's backfill (progress under 100)
 * is queued, running or waiting for quota (progress = the mean of theirs); failed when the
 * connection lost access or a property's pull failed; else complete. The hourly pulls after
 * the backfill do not make it run again. A finished pull has no finish time of its own (every
 * hourly pull moves `last_pull_at`), so its `updated_at` is '' and the panel counts its 24 h
 * from the connection's start. Null for a connection with no property yet.
 */
export function pullSnapshot(
  conn: { status: string; invalid_reason: string | null; created_at: string },
  props: ReadonlyArray<{
    display_name: string;
    pull: { state: string; progress: number; message: string | null; last_pull_at: string | null };
  }>,
  clientUid: string,
): JobSnapshot | null {
  if (props.length === 0) return null;
  const detail = props.map((p) => p.display_name).join(', ');
  const base = { client_uid: clientUid, updated_at: '', detail };
  if (conn.status === 'invalid')
    return { ...base, status: 'failed', message: conn.invalid_reason ?? null };
  const active = props.filter((p) => ACTIVE_PULL_STATES.has(p.pull.state) && p.pull.progress < 100);
  if (active.length > 0) {
    const progress = props.reduce((s, p) => s + Math.min(100, p.pull.progress), 0) / props.length;
    const last = props.map((p) => p.pull.last_pull_at ?? '').reduce((a, b) => (b > a ? b : a), '');
    return { ...base, updated_at: last || conn.created_at, status: 'running', progress };
  }
  const failed = props.find((p) => p.pull.state === 'failed');
  if (failed) return { ...base, status: 'failed', message: failed.pull.message };
  return { ...base, status: 'complete', progress: 100 };
}
