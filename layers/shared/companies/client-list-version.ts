/**
 * The client-list version of an organisation: a counter every write of one of its clients bumps,
 * so a reader that keeps the organisation's client list in memory (the task list's per-container
 * cache, lambdas/companies/adapters/cached-client-lists.ts) can tell with one GetItem whether its
 * copy is still current. Demo clients (gsi1pk DEMO) share the pseudo organisation `DEMO`.
 * Item: `pk ORG#<org> | DEMO, sk CLIENT_LIST_VERSION { list_version: number }` in the
 * CompaniesTable; absent = version 0.
 */
export function clientListVersionKey(client: { org_uid: string; demo?: boolean }): {
  pk: string;
  sk: string;
} {
  return { pk: client.demo ? 'DEMO' : `ORG#${client.org_uid}`, sk: 'CLIENT_LIST_VERSION' };
}

/** The version key of the demo clients' list (see clientListVersionKey). */
export const DEMO_LIST_VERSION_KEY = { pk: 'DEMO', sk: 'CLIENT_LIST_VERSION' } as const;

/** The UpdateItem parts that bump a list version (ADD creates the counter at 1). */
export const BUMP_LIST_VERSION = {
  UpdateExpression: 'ADD list_version :one',
  ExpressionAttributeValues: { ':one': 1 },
} as const;
