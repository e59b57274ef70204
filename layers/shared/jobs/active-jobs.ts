import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SweptJobKind } from './job-timeouts';

/**
 * The index of jobs in a non-terminal state: one marker item per job in the CompaniesTable,
 * `pk ACTIVE#<kind>#<id>, sk META`, in gsi1 under `ACTIVE_JOBS` sorted by when the job entered
 * its state. A job's adapter writes the marker BEFORE the job enters a timed state and deletes
 * it AFTER the job leaves them, so a failure between the two writes leaves a marker without a
 * running job (the sweeper drops it), never a running job without a marker.
 */
export const ACTIVE_JOBS_PARTITION = 'ACTIVE_JOBS';

/** The key of a job's marker. */
export const activeJobKey = (kind: SweptJobKind, id: string) => ({
  pk: `ACTIVE#${kind}#${id}`,
  sk: 'META',
});

/** Writes (or moves) a job's marker: in a timed state since `since` (ISO-8601 UTC). */
export async function markActive(
  db: DynamoDBDocumentClient,
  table: string,
  kind: SweptJobKind,
  id: string,
  since: string,
): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: table,
      Item: {
        ...activeJobKey(kind, id),
        gsi1pk: ACTIVE_JOBS_PARTITION,
        gsi1sk: `${since}#${kind}#${id}`,
        kind,
        id,
        since,
      },
    }),
  );
}

/** Deletes a job's marker (it left the timed states). */
export async function markDone(
  db: DynamoDBDocumentClient,
  table: string,
  kind: SweptJobKind,
  id: string,
): Promise<void> {
  await db.send(new DeleteCommand({ TableName: table, Key: activeJobKey(kind, id) }));
}
