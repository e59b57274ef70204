import {
  BatchGetCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  type GetCommandInput,
  type GetCommandOutput,
} from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;

interface Pending {
  input: GetCommandInput;
  resolve: (out: GetCommandOutput) => void;
  reject: (error: unknown) => void;
}

/** BatchGetItem's limit of keys per call. */
const MAX_KEYS = 100;

/** The option of a GetItem that BatchGetItem takes per table (besides the key). */
const tableOptions = (input: GetCommandInput) => String(input.ConsistentRead ?? false);

/** One key as text, its attributes in name order (items and keys compare by it). */
const keyText = (key: Item, names: readonly string[]) =>
  JSON.stringify(names.map((name) => key[name]));

/**
 * A document client whose GetItem calls made in the same turn of the event loop go to DynamoDB
 * as one BatchGetItem (every other command passes through unchanged). Why: a report read asks
 * for the client record (CompaniesTable) and the caller's free-report usage (SessionsTable, a
 * consistent read) at the same moment; one call instead of two is one round trip and half the
 * per-call cost (signing, HTTP, parsing; DynamoDB Local's JVM locally).
 * Kept rules: each caller gets exactly the item its own GetItem names (matched by the key's
 * attributes), or no Item when there is none, as GetItem answers; per table, only GetItems with
 * the same ConsistentRead are put together (BatchGetItem takes it per table), the others are sent
 * alone, as is any GetItem with a projection (its items may lack the key to match them by); the
 * same key asked twice is asked once;
 * keys DynamoDB leaves unprocessed are read again one by one; when the batch fails, every
 * GetItem in it fails with that error. A turn with a single GetItem sends that GetItem as it is.
 * Needs dynamodb:BatchGetItem on the tables (grantReadData gives it).
 */
export function batchedGets<C extends Pick<DynamoDBDocumentClient, 'send'>>(db: C): C {
  let queue: Pending[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    void sendTogether(db, batch);
  };
  const wrapped = Object.create(db) as C;
  const send = ((command: unknown, ...rest: unknown[]) => {
    if (!(command instanceof GetCommand))
      return (db.send as (...args: unknown[]) => unknown).call(db, command, ...rest);
    return new Promise<GetCommandOutput>((resolve, reject) => {
      if (queue.length === 0) queueMicrotask(flush);
      queue.push({ input: command.input, resolve, reject });
    });
  }) as C['send'];
  Object.defineProperty(wrapped, 'send', { value: send });
  return wrapped;
}

/** Sends one turn's GetItems: alone when they cannot share a batch, else as BatchGetItems. */
async function sendTogether(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  batch: Pending[],
): Promise<void> {
  const single = (p: Pending) =>
    db.send(new GetCommand(p.input)).then(p.resolve, p.reject) as Promise<void>;
  if (batch.length === 1) return single(batch[0] as Pending);
  // Per table, the GetItems of the first options seen go together; the rest are sent alone.
  const byTable = new Map<string, { options: string; members: Pending[] }>();
  const alone: Pending[] = [];
  for (const p of batch) {
    if (p.input.ProjectionExpression || p.input.ExpressionAttributeNames) {
      alone.push(p);
      continue;
    }
    const table = p.input.TableName as string;
    const group = byTable.get(table);
    if (!group) byTable.set(table, { options: tableOptions(p.input), members: [p] });
    else if (group.options === tableOptions(p.input) && group.members.length < MAX_KEYS)
      group.members.push(p);
    else alone.push(p);
  }
  const together = [...byTable.values()].map((g) => g.members);
  if (together.length === 1 && (together[0] as Pending[]).length === 1)
    alone.push(...(together.pop() as Pending[]));
  await Promise.all([...alone.map(single), together.length ? batchGet(db, together) : null]);
}

/** One BatchGetItem over the tables' groups; answers each member as its GetItem would. */
async function batchGet(
  db: Pick<DynamoDBDocumentClient, 'send'>,
  groups: Pending[][],
): Promise<void> {
  const request: NonNullable<BatchGetCommandInput['RequestItems']> = {};
  const wanted = new Map<string, { names: string[]; members: Map<string, Pending[]> }>();
  for (const members of groups) {
    const first = (members[0] as Pending).input;
    const table = first.TableName as string;
    const names = Object.keys(first.Key ?? {}).sort();
    const byKey = new Map<string, Pending[]>();
    const keys: Item[] = [];
    for (const p of members) {
      const text = keyText(p.input.Key ?? {}, names);
      const same = byKey.get(text);
      if (same) same.push(p);
      else {
        byKey.set(text, [p]);
        keys.push(p.input.Key as Item);
      }
    }
    wanted.set(table, { names, members: byKey });
    request[table] = { Keys: keys, ...(first.ConsistentRead ? { ConsistentRead: true } : {}) };
  }
  const all = groups.flat();
  let out: BatchGetCommandOutput;
  try {
    out = await db.send(new BatchGetCommand({ RequestItems: request }));
  } catch (error) {
    for (const p of all) p.reject(error);
    return;
  }
  const answered = new Set<Pending>();
  const metadata = out.$metadata;
  for (const [table, { names, members }] of wanted) {
    for (const item of (out.Responses?.[table] ?? []) as Item[]) {
      for (const p of members.get(keyText(item, names)) ?? []) {
        answered.add(p);
        p.resolve({ Item: item, $metadata: metadata } as GetCommandOutput);
      }
    }
    const unprocessed = new Set(
      ((out.UnprocessedKeys?.[table]?.Keys ?? []) as Item[]).map((k) => keyText(k, names)),
    );
    for (const [text, same] of members) {
      for (const p of same) {
        if (answered.has(p)) continue;
        // Left unprocessed (throttled): read alone. Otherwise absent: no Item, as GetItem says.
        if (unprocessed.has(text)) void db.send(new GetCommand(p.input)).then(p.resolve, p.reject);
        else p.resolve({ $metadata: metadata } as GetCommandOutput);
      }
    }
  }
}
