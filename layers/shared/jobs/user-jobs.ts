import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueReportType } from '../contracts/company-queue.schema';

/**
 * The per-user index of jobs the tasks panel shows (spec §4 "Queue (companies)", §7
 * company_queue_monitor): one small item per job a user started, written by the place that
 * starts the job (DynamoImportJobs.create, DynamoReportJobs.create, the first write of a GA4
 * connection), in the CompaniesTable beside the user's profile:
 * `pk USER#<user_id>, sk JOB#<started_at>#<kind>#<id>` with `{ kind, id, client_uid,
 * started_at, hidden_at?, expires_at }`. The job's state stays in the job's own item; the
 * monitor reads the index (one Query) and then the jobs (one BatchGet), so a poll never walks
 * the user's clients. Items expire USER_JOB_TTL_S after the job started (DynamoDB TTL on
 * `expires_at`, epoch seconds; readers also bound the Query by time).
 */

/** How long an index item lives: the panel shows finished jobs for 24 h, a GA4 backfill may run days. */
export const USER_JOB_TTL_S = 7 * 24 * 3600;

/** One entry of a user's job index. Instants ISO-8601 UTC. */
export interface UserJobEntry {
  user_id: string;
  kind: QueueReportType;
  /** The job's own id: postlog_id, report_id, or connection_id of a GA4 pull. */
  id: string;
  /** The job's client ('' when an import names its client only when it lands). */
  client_uid: string;
  started_at: string;
  /** When the user cleared it from the panel; absent or null while shown. */
  hidden_at?: string | null;
}

/** The index item's key. */
export const userJobKey = (e: Pick<UserJobEntry, 'user_id' | 'started_at' | 'kind' | 'id'>) => ({
  pk: `USER#${e.user_id}`,
  sk: `JOB#${e.started_at}#${e.kind}#${e.id}`,
});

/** The sort-key prefix of a user's entries started at or after `sinceIso`. */
export const userJobSkFrom = (sinceIso: string) => `JOB#${sinceIso}`;

/**
 * Writes a job's index entry (a Put: a retried start writes the same item again). Does nothing
 * without a user (jobs started by the system, such as the hourly GA4 pull).
 */
export async function recordUserJob(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  table: string,
  entry: Omit<UserJobEntry, 'hidden_at'>,
): Promise<void> {
  if (!entry.user_id) return;
  const startedS = Math.floor(Date.parse(entry.started_at) / 1000);
  await db.send(
    new PutCommand({
      TableName: table,
      Item: {
        ...userJobKey(entry),
        kind: entry.kind,
        id: entry.id,
        client_uid: entry.client_uid,
        started_at: entry.started_at,
        user_id: entry.user_id,
        expires_at: (Number.isFinite(startedS) ? startedS : Date.now() / 1000) + USER_JOB_TTL_S,
      },
    }),
  );
}

/** The queue kind of an import job's file kind. */
export const importQueueKind = (kind: string): QueueReportType =>
  kind === 'postlog' ? 'postlog_import' : 'visits_import';
