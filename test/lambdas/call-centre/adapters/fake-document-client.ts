import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;
type Values = Record<string, unknown> | undefined;

/**
 * A stand-in for the DynamoDB document client at the SDK boundary: one pk/sk table in memory,
 * answering exactly the commands and expressions DynamoCallRecordStore sends (and failing loudly
 * on anything else). `commands` records every command for shape assertions.
 */
export class FakeDocumentClient {
  readonly items = new Map<string, Item>();
  readonly commands: unknown[] = [];
  /** Items per Query page. */
  pageSize = 1000;

  readonly client = { send: (command: unknown) => this.send(command) } as unknown as Pick<
    DynamoDBDocumentClient,
    'send'
  >;

  private key = (k: Item) => `${k.pk}|${k.sk}`;

  private check(expression: string | undefined, item: Item | undefined, values: Values): boolean {
    if (!expression) return true;
    if (expression === 'attribute_not_exists(pk)') return item === undefined;
    if (expression === 'attribute_exists(pk)') return item !== undefined;
    if (expression === 'updated_at = :expected') return item?.updated_at === values?.[':expected'];
    throw new Error(`fake: unsupported condition ${expression}`);
  }

  private async send(command: unknown): Promise<unknown> {
    this.commands.push(command);
    if (command instanceof GetCommand) {
      const item = this.items.get(this.key(command.input.Key as Item));
      return { Item: item ? structuredClone(item) : undefined };
    }
    if (command instanceof QueryCommand) return this.query(command);
    if (command instanceof TransactWriteCommand) return this.transact(command);
    if (command instanceof BatchGetCommand) {
      const [table, req] = Object.entries(command.input.RequestItems ?? {})[0] ?? [];
      const found = (req?.Keys ?? []).map((k) => this.items.get(this.key(k))).filter(Boolean);
      return { Responses: { [table as string]: structuredClone(found) }, UnprocessedKeys: {} };
    }
    if (command instanceof BatchWriteCommand) {
      const [, requests] = Object.entries(command.input.RequestItems ?? {})[0] ?? [];
      const keys = new Set<string>();
      for (const r of requests ?? []) {
        const k = this.key((r.PutRequest?.Item ?? r.DeleteRequest?.Key) as Item);
        if (keys.has(k)) throw new Error('fake: duplicate keys in one BatchWriteItem');
        keys.add(k);
        if (r.PutRequest) this.items.set(k, structuredClone(r.PutRequest.Item as Item));
        else this.items.delete(k);
      }
      return { UnprocessedItems: {} };
    }
    if (command instanceof UpdateCommand) return this.update(command);
    throw new Error(`fake: unsupported command ${(command as object).constructor.name}`);
  }

  private query(command: QueryCommand) {
    const {
      KeyConditionExpression,
      ExpressionAttributeValues: v,
      ExclusiveStartKey,
    } = command.input;
    const prefix =
      KeyConditionExpression === 'pk = :pk AND begins_with(sk, :word)'
        ? String(v?.[':word'])
        : KeyConditionExpression === 'pk = :pk'
          ? ''
          : null;
    if (prefix === null)
      throw new Error(`fake: unsupported key condition ${KeyConditionExpression}`);
    const all = [...this.items.values()]
      .filter((i) => i.pk === v?.[':pk'] && String(i.sk).startsWith(prefix))
      .sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
    const from = ExclusiveStartKey ? all.findIndex((i) => i.sk === ExclusiveStartKey.sk) + 1 : 0;
    const page = all.slice(from, from + this.pageSize);
    const more = from + this.pageSize < all.length;
    const last = page.at(-1);
    return {
      Items: structuredClone(page),
      LastEvaluatedKey: more && last ? { pk: last.pk, sk: last.sk } : undefined,
    };
  }

  private transact(command: TransactWriteCommand) {
    const ops = command.input.TransactItems ?? [];
    const touched = new Set<string>();
    const reasons = ops.map((op) => {
      const write = op.Put ?? op.Delete;
      if (!write || op.Update || op.ConditionCheck)
        throw new Error('fake: only Put and Delete in transactions');
      const k = this.key((op.Put?.Item ?? op.Delete?.Key) as Item);
      // DynamoDB refuses a transaction that names one item twice (ValidationException).
      if (touched.has(k)) throw new Error(`fake: two operations on ${k} in one transaction`);
      touched.add(k);
      const ok = this.check(
        write.ConditionExpression,
        this.items.get(k),
        write.ExpressionAttributeValues,
      );
      return { Code: ok ? 'None' : 'ConditionalCheckFailed' };
    });
    if (reasons.some((r) => r.Code !== 'None'))
      throw new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: reasons,
      });
    for (const op of ops) {
      if (op.Put)
        this.items.set(this.key(op.Put.Item as Item), structuredClone(op.Put.Item as Item));
      else if (op.Delete) this.items.delete(this.key(op.Delete.Key as Item));
    }
    return {};
  }

  private update(command: UpdateCommand) {
    const {
      Key,
      UpdateExpression,
      ConditionExpression,
      ExpressionAttributeNames: n,
    } = command.input;
    const v = command.input.ExpressionAttributeValues;
    const k = this.key(Key as Item);
    const current = this.items.get(k);
    if (!this.check(ConditionExpression, current, v))
      throw new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: {},
      });
    const next: Item = { ...(current ?? (Key as Item)) };
    const sets = (UpdateExpression ?? '').replace(/^SET /, '').split(', ');
    for (const set of sets) {
      const [name, value] = set.split(' = ');
      next[n?.[name as string] as string] = structuredClone(v?.[value as string]);
    }
    this.items.set(k, next);
    return {};
  }
}
