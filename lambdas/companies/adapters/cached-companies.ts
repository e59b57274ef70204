import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clientListVersionKey } from '../../../layers/shared/companies/client-list-version';
import type { ClientRecord } from '../../../layers/shared/companies/companies';
import { DynamoCompanies } from '../../../layers/shared/companies/dynamo-companies';

/** One organisation's clients as this container last read them, and the version they were at. */
interface CachedList {
  version: number;
  clients: ClientRecord[];
}

/**
 * DynamoCompanies whose organisation client lists are kept in the container's memory and
 * revalidated on every read with the organisation's list version (client-list-version.ts; one
 * GetItem, or one BatchGet for several organisations): an unchanged version answers from memory,
 * a changed one re-reads the organisation's clients from gsi1 (one paged Query). Every client
 * write through DynamoCompanies (and the import's airing switch) bumps the version, so a list is
 * never older than the last completed write. Callers get copies: they cannot change the cache.
 */
export class CachedCompanies extends DynamoCompanies {
  private readonly lists = new Map<string, CachedList>();

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
    super(doc, tableName);
  }

  override listClientsOfOrg(orgUid: string): Promise<ClientRecord[]> {
    return this.cached({ org_uid: orgUid, demo: false }, () => super.listClientsOfOrg(orgUid));
  }

  override listDemoClients(): Promise<ClientRecord[]> {
    return this.cached({ org_uid: '', demo: true }, () => super.listDemoClients());
  }

  /** The current list versions of several lists at once (absent = 0). */
  private async versions(keys: { pk: string; sk: string }[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const res = await this.doc.send(
      new BatchGetCommand({
        RequestItems: {
          [this.tableName]: { Keys: keys, ProjectionExpression: 'pk, list_version' },
        },
      }),
    );
    for (const item of res.Responses?.[this.tableName] ?? [])
      out.set(String(item.pk), Number(item.list_version ?? 0));
    return out;
  }

  private async cached(
    owner: { org_uid: string; demo: boolean },
    read: () => Promise<ClientRecord[]>,
  ): Promise<ClientRecord[]> {
    const key = clientListVersionKey(owner);
    const version = (await this.versions([key])).get(key.pk) ?? 0;
    const hit = this.lists.get(key.pk);
    if (hit && hit.version === version) return hit.clients.map((c) => ({ ...c }));
    const clients = await read();
    this.lists.set(key.pk, { version, clients });
    return clients.map((c) => ({ ...c }));
  }
}
