import { type AttributeValue, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { ListBucketsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ddbDocClient, s3Client } from '#shared/aws/clients';

/**
 * What the local stack's DynamoDB tables and S3 buckets hold, as comparable text: every item of
 * every table (Scan, consistent, attribute types kept) and every object of every bucket (key,
 * size, ETag = MD5 of its bytes), each sorted. Two equal snapshots mean nothing was written.
 */
export interface StoreSnapshot {
  /** `<table>` -> item key text -> the item as JSON (attribute types kept). */
  tables: Map<string, Map<string, string>>;
  /** `<bucket>/<key>` -> `<size> <etag>`. */
  objects: Map<string, string>;
}

/** Takes a snapshot of every table and bucket the stack's clients reach (process.env). */
export async function snapshotStores(): Promise<StoreSnapshot> {
  const [tables, objects] = await Promise.all([snapshotTables(), snapshotObjects()]);
  return { tables, objects };
}

/**
 * The differences between two snapshots, one line each: `+`/`-`/`~` and where (`<table> <key>`
 * or `s3 <bucket>/<key>`). Empty when nothing changed.
 */
export function storeChanges(before: StoreSnapshot, after: StoreSnapshot): string[] {
  const lines: string[] = [];
  const names = new Set([...before.tables.keys(), ...after.tables.keys()]);
  for (const table of [...names].sort())
    lines.push(
      ...mapChanges(
        before.tables.get(table) ?? new Map(),
        after.tables.get(table) ?? new Map(),
        table,
      ),
    );
  lines.push(...mapChanges(before.objects, after.objects, 's3'));
  return lines;
}

function mapChanges(a: Map<string, string>, b: Map<string, string>, where: string): string[] {
  const lines: string[] = [];
  for (const [key, value] of a) {
    if (!b.has(key)) lines.push(`- ${where} ${key}`);
    else if (b.get(key) !== value) lines.push(`~ ${where} ${key}`);
  }
  for (const key of b.keys()) if (!a.has(key)) lines.push(`+ ${where} ${key}`);
  return lines.sort();
}

async function snapshotTables(): Promise<Map<string, Map<string, string>>> {
  const db = ddbDocClient();
  const names: string[] = [];
  let startTable: string | undefined;
  do {
    const out = await db.send(new ListTablesCommand({ ExclusiveStartTableName: startTable }));
    names.push(...(out.TableNames ?? []));
    startTable = out.LastEvaluatedTableName;
  } while (startTable);
  // The tables are read side by side: a snapshot is taken after every call of the route walk,
  // and one table's round trips need not wait for another's.
  const scanned = await Promise.all(
    names.sort().map(async (name) => {
      const items = new Map<string, string>();
      let start: Record<string, AttributeValue> | undefined;
      do {
        const out = await db.send(
          new ScanCommand({ TableName: name, ConsistentRead: true, ExclusiveStartKey: start }),
        );
        for (const item of out.Items ?? []) items.set(keyText(item), sortedJson(item));
        start = out.LastEvaluatedKey;
      } while (start);
      return [name, items] as const;
    }),
  );
  return new Map(scanned);
}

/** The item's key as people read it: `pk=... sk=...` (every table here keys on pk, sk). */
function keyText(item: Record<string, AttributeValue>): string {
  const text = (v: AttributeValue | undefined) => (v ? (v.S ?? v.N ?? sortedJson(v)) : '');
  return `pk=${text(item.pk)} sk=${text(item.sk)}`;
}

/** JSON with object keys sorted, so equal items give equal text. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v instanceof Uint8Array
        ? Buffer.from(v).toString('base64')
        : v,
  );
}

async function snapshotObjects(): Promise<Map<string, string>> {
  const s3 = s3Client();
  const buckets = (await s3.send(new ListBucketsCommand({}))).Buckets ?? [];
  const listed = await Promise.all(
    buckets.map(async (bucket) => {
      const lines: [string, string][] = [];
      let token: string | undefined;
      do {
        const out = await s3.send(
          new ListObjectsV2Command({ Bucket: bucket.Name, ContinuationToken: token }),
        );
        for (const o of out.Contents ?? [])
          lines.push([`${bucket.Name}/${o.Key}`, `${o.Size} ${o.ETag}`]);
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return lines;
    }),
  );
  return new Map(listed.flat());
}
