import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { OrgRole, Share } from '#shared/accounts/accounts';
import { clientListVersionKey } from '#shared/companies/client-list-version';
import type { ClientRecord } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import type { UserPartition } from './user-partition';

/**
 * How long a container trusts a list version it read: a client change shows in the task list
 * within this time (the list itself is not security-relevant: memberships are read every time).
 */
const VERSION_TTL_MS = 1000;
/** How long a container reuses the shares to a caller and an organisation's sub-organisations. */
const ACCESS_TTL_MS = 10_000;

/** One organisation's clients as this container last read them, and the version they were at. */
interface CachedList {
  version: number;
  clients: ClientRecord[];
}

/**
 * DynamoCompanies whose organisation client lists are kept in the container's memory and
 * revalidated on every read with the organisation's list version (client-list-version.ts): the
 * versions asked for in the same tick go out as ONE BatchGet; an unchanged version answers from
 * memory, a changed one re-reads the organisation's clients from gsi1 (one paged Query). Every
 * client write through DynamoCompanies (and the import's airing switch) bumps the version, so a
 * list is never older than the last completed write plus VERSION_TTL_MS (a version read is
 * trusted that long). The caller's roles and verified e-mail come from one Query of their
 * partition (UserPartition, every request), shared with their preferences; shares to the caller
 * and sub-organisations are reused for ACCESS_TTL_MS. In steady state a request costs that one
 * Query. Lists are shared, read-only arrays: callers must not change them.
 */
export class CachedCompanies extends DynamoCompanies {
  private readonly lists = new Map<string, CachedList>();
  /** List versions read in the last VERSION_TTL_MS, by version key pk. */
  private readonly knownVersions = new Map<string, { at: number; version: number }>();
  private readonly sharesCache = new Map<string, { at: number; shares: Promise<Share[]> }>();
  private readonly childCache = new Map<string, { at: number; children: Promise<string[]> }>();
  private pendingKeys = new Map<string, { pk: string; sk: string }>();
  private pendingRead: Promise<Map<string, number>> | null = null;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly users: UserPartition,
  ) {
    super(doc, tableName);
  }

  override listClientsOfOrg(orgUid: string): Promise<ClientRecord[]> {
    return this.cached({ org_uid: orgUid, demo: false }, () => super.listClientsOfOrg(orgUid));
  }

  override listDemoClients(): Promise<ClientRecord[]> {
    return this.cached({ org_uid: '', demo: true }, () => super.listDemoClients());
  }

  override async rolesOfUser(userId: string): Promise<Map<string, OrgRole>> {
    const items = await this.users.read(userId);
    return new Map(
      items
        .filter((i) => String(i.sk).startsWith('ORG#'))
        .map((i) => [String(i.sk).slice(4), (i.role as OrgRole | undefined) ?? 'member']),
    );
  }

  override async verifiedEmailOf(userId: string): Promise<string | null> {
    const profile = (await this.users.read(userId)).find((i) => i.sk === 'PROFILE');
    return profile?.email_verified === true ? String(profile.primary_email) : null;
  }

  /**
   * Shares to an e-mail, reused for ACCESS_TTL_MS: a revoked share's client may stay in the
   * list that long (every route that opens a client checks its shares afresh).
   */
  override sharesTo(email: string): Promise<Share[]> {
    const hit = this.sharesCache.get(email);
    if (hit && hit.at > Date.now() - ACCESS_TTL_MS) return hit.shares;
    const shares = super.sharesTo(email);
    this.sharesCache.set(email, { at: Date.now(), shares });
    shares.catch(() => this.sharesCache.delete(email));
    return shares;
  }

  /** Sub-organisations of an organisation, reused for ACCESS_TTL_MS (see sharesTo). */
  override childOrgs(parentUid: string): Promise<string[]> {
    const hit = this.childCache.get(parentUid);
    if (hit && hit.at > Date.now() - ACCESS_TTL_MS) return hit.children;
    const children = super.childOrgs(parentUid);
    this.childCache.set(parentUid, { at: Date.now(), children });
    children.catch(() => this.childCache.delete(parentUid));
    return children;
  }

  /**
   * The list version of `key.pk`: one read in the last VERSION_TTL_MS, else read with every
   * other version asked for in this tick.
   */
  private async version(key: { pk: string; sk: string }): Promise<number> {
    const known = this.knownVersions.get(key.pk);
    if (known && known.at > Date.now() - VERSION_TTL_MS) return known.version;
    const at = Date.now();
    const version = await this.readVersion(key);
    this.knownVersions.set(key.pk, { at, version });
    return version;
  }

  private readVersion(key: { pk: string; sk: string }): Promise<number> {
    this.pendingKeys.set(key.pk, key);
    this.pendingRead ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const keys = [...this.pendingKeys.values()];
      this.pendingKeys = new Map();
      this.pendingRead = null;
      return this.versions(keys);
    });
    return this.pendingRead.then((versions) => versions.get(key.pk) ?? 0);
  }

  /** The current list versions of several lists at once (absent = 0; at most 100 keys a call). */
  private async versions(keys: { pk: string; sk: string }[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (let i = 0; i < keys.length; i += 100) {
      let batch: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
      while (batch && batch.length > 0) {
        const res: BatchGetCommandOutput = await this.doc.send(
          new BatchGetCommand({
            RequestItems: {
              [this.tableName]: { Keys: batch, ProjectionExpression: 'pk, list_version' },
            },
          }),
        );
        for (const item of res.Responses?.[this.tableName] ?? [])
          out.set(String(item.pk), Number(item.list_version ?? 0));
        batch = res.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return out;
  }

  private async cached(
    owner: { org_uid: string; demo: boolean },
    read: () => Promise<ClientRecord[]>,
  ): Promise<ClientRecord[]> {
    const key = clientListVersionKey(owner);
    const version = await this.version(key);
    const hit = this.lists.get(key.pk);
    if (hit && hit.version === version) return hit.clients;
    const clients = await read();
    this.lists.set(key.pk, { version, clients });
    return clients;
  }
}
