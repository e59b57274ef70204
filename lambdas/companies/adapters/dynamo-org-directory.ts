import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  type AvailableProducts,
  deriveAvailableProducts,
} from '#shared/billing/available-products';
import { DynamoSubscriptionReader } from '#shared/billing/dynamo-subscriptions';
import type { OrgDirectory } from '../core/company-list-ports';

/**
 * How long a container reuses an organisation's name and products: they only label the list
 * (names, widgets) and never decide what the caller may see, so a minute-old copy is fine.
 */
const TTL_MS = 60_000;

/**
 * OrgDirectory on the CompaniesTable: names from `ORG#<org> / META` (one BatchGet), products from
 * the subscription copies (`ORG#<org> / SUB#...`, one Query per organisation) derived with
 * deriveAvailableProducts. Organisation-level: any subscription of the organisation granting
 * access now counts, whoever ordered it. Kept per container for TTL_MS.
 */
export class DynamoOrgDirectory implements OrgDirectory {
  private readonly names = new Map<string, { at: number; name: string | null }>();
  private readonly products = new Map<string, { at: number; flags: AvailableProducts }>();
  private readonly subs: DynamoSubscriptionReader;

  constructor(
    private readonly db: Pick<DynamoDBDocumentClient, 'send'>,
    private readonly table: string,
  ) {
    this.subs = new DynamoSubscriptionReader(db, table);
  }

  async orgNames(orgUids: readonly string[]): Promise<Map<string, string>> {
    const now = Date.now();
    const missing = orgUids.filter((o) => (this.names.get(o)?.at ?? 0) < now - TTL_MS);
    for (let i = 0; i < missing.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = missing
        .slice(i, i + 100)
        .map((o) => ({ pk: `ORG#${o}`, sk: 'META' }));
      const found = new Map<string, string>();
      while (keys && keys.length > 0) {
        const out: BatchGetCommandOutput = await this.db.send(
          new BatchGetCommand({
            RequestItems: {
              [this.table]: {
                Keys: keys,
                ProjectionExpression: 'org_uid, #n',
                ExpressionAttributeNames: { '#n': 'name' },
              },
            },
          }),
        );
        for (const item of out.Responses?.[this.table] ?? [])
          found.set(String(item.org_uid), String(item.name));
        keys = out.UnprocessedKeys?.[this.table]?.Keys;
      }
      for (const o of missing.slice(i, i + 100))
        this.names.set(o, { at: now, name: found.get(o) ?? null });
    }
    const out = new Map<string, string>();
    for (const o of orgUids) {
      const name = this.names.get(o)?.name;
      if (name) out.set(o, name);
    }
    return out;
  }

  async productsOf(orgUids: readonly string[], at: Date): Promise<Map<string, AvailableProducts>> {
    const now = Date.now();
    await Promise.all(
      orgUids
        .filter((o) => (this.products.get(o)?.at ?? 0) < now - TTL_MS)
        .map(async (o) => {
          const records = await this.subs.subscriptionsOf(o);
          this.products.set(o, {
            at: now,
            flags: deriveAvailableProducts(
              records.map((r) => ({
                plan: r.plan,
                product: r.product,
                features: r.features,
                status: r.status,
                awaiting_payment: r.awaiting_payment ?? false,
                past_due_since: r.past_due_since ?? null,
              })),
              false,
              at,
            ),
          });
        }),
    );
    return new Map(
      orgUids.flatMap((o) => {
        const p = this.products.get(o);
        return p ? [[o, p.flags] as const] : [];
      }),
    );
  }
}
