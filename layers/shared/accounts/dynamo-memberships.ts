import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../aws/query-all';
import {
  completeSummary,
  summaryRemove,
  summarySet,
  transactWithSummary,
} from '../aws/summary-item';
import type { OrgRole } from './accounts';

/**
 * Keys of a user's memberships. The summary holds every membership of the user as the attribute
 * `ORG#<org>` = role, kept by the rules of aws/summary-item.ts. Why: a report read needs the
 * caller's organisations as they are now (a plan bought through an organisation joined a moment
 * ago counts at once), and one GetItem can travel in the BatchGetItem that reads the client
 * record, where a Query of the memberships is a DynamoDB call and a round trip of its own.
 */
export const MEMBERSHIP_KEYS = {
  membership: (userId: string, orgUid: string) => ({ pk: `USER#${userId}`, sk: `ORG#${orgUid}` }),
  /** sk prefix of the membership items, and of the summary's attributes. */
  prefix: 'ORG#',
  summary: (userId: string) => ({ pk: `USER#${userId}`, sk: 'ORGS' }),
} as const;

/**
 * Writes one membership (`extra`: more attributes of its item, e.g. the member index keys) and
 * its summary attribute in one transaction, then completes the summary if it was not.
 */
export async function writeMembership(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  table: string,
  userId: string,
  orgUid: string,
  role: OrgRole,
  extra: Record<string, string> = {},
): Promise<void> {
  const key = MEMBERSHIP_KEYS.membership(userId, orgUid);
  await transactWithSummary(db, [
    { Put: { TableName: table, Item: { ...key, ...extra, role } } },
    summarySet(table, MEMBERSHIP_KEYS.summary(userId), key.sk, role),
  ]);
  await completeMembershipSummary(db, table, userId);
}

/** Deletes one membership and its summary attribute in one transaction (absent: no error). */
export async function deleteMembership(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  table: string,
  userId: string,
  orgUid: string,
): Promise<void> {
  const key = MEMBERSHIP_KEYS.membership(userId, orgUid);
  await transactWithSummary(db, [
    { Delete: { TableName: table, Key: key } },
    summaryRemove(table, MEMBERSHIP_KEYS.summary(userId), key.sk),
  ]);
  await completeMembershipSummary(db, table, userId);
}

/** Every membership of the user by Query ([sk, role] pairs), consistent when asked. */
export async function queryMemberships(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  table: string,
  userId: string,
  consistent = false,
): Promise<[string, OrgRole][]> {
  const items = await queryAll(db, {
    TableName: table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :org)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':org': MEMBERSHIP_KEYS.prefix },
    ...(consistent ? { ConsistentRead: true } : {}),
  });
  return items.map((item) => [String(item.sk), (item.role as OrgRole | undefined) ?? 'member']);
}

/** Makes the user's memberships summary complete when it is not (aws/summary-item.ts). */
export function completeMembershipSummary(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  table: string,
  userId: string,
): Promise<boolean> {
  return completeSummary(db, table, MEMBERSHIP_KEYS.summary(userId), () =>
    queryMemberships(db, table, userId, true),
  );
}
