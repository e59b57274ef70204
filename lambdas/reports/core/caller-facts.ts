import { LRUCache } from 'lru-cache';
import type { OrgRole, Share } from '#shared/accounts/accounts';
import { type ClientAccess, clientPerms, requirePerm } from '#shared/accounts/perms';
import type { Caller } from '#shared/auth/caller';
import type { AvailableProducts } from '#shared/billing/available-products';
import type { ClientRecord, CompaniesRepository } from '#shared/companies/companies';
import type { CreativeRecord, CreativesRepository } from '#shared/creatives/creatives';
import { NotFound } from '#shared/errors';
import type { Plans } from './report-session-ports';

/**
 * The per-caller facts the report reads (get_report, fetch_drilldowns, fetch_stream_drilldowns)
 * would otherwise look up on every request: what the caller reaches clients through (memberships
 * with roles, the verified e-mail and its active shares, the parents of clients' organisations).
 * The caller's available_products (plan and paywall flags, from the memberships as read during
 * the request) are read on every request, so a plan bought (even through an organisation joined
 * a moment ago) shows on the next read; a client's creatives are kept by the client record's
 * `creatives_version`, which every creative write changes, so a creative renamed shows on the
 * next read too (creatives()).
 *
 * Why: each of these is one or more DynamoDB calls, and they are the same answer for every
 * request of one caller for a while; reading them per request was most of a report read's cost.
 * Kept rules:
 * - Entries are per caller: the key is the caller's sub, token e-mail and its verified claim, so
 *   one caller's facts are never used for another, and a refused caller is never served from
 *   someone else's "allowed".
 * - Only facts are kept, never the decision alone: the client record is read on every request
 *   and the perms are worked out from it (so a moved or deleted client is seen at once).
 * - An entry lives `ttlMs` (default 10 s) from when it was read, then is read again; the
 *   `capacity` most recently used callers are kept (default 1,000). A failed read is not kept.
 * - Staleness only ever errs one way: a refusal is never decided on kept facts alone, they are
 *   read again first, so a membership or share just granted works at once. A share revoked or a
 *   membership removed elsewhere is seen at the latest `ttlMs` later.
 * - The free-report usage is NOT a fact here: it is read on every request (core/usage.ts), so
 *   a stale value can never flag a report as free.
 * One instance with `ttlMs: Infinity` built per request keeps nothing between requests (tests
 * and callers without a warm cache).
 */
export class CallerFacts {
  private readonly lru: LRUCache<string, Entry>;
  /** Creatives lists by client and creatives_version (see creatives()). */
  private readonly creativeLists: LRUCache<string, Promise<CreativeRecord[]>>;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly sources: {
      companies: Pick<
        CompaniesRepository,
        'rolesOfUser' | 'verifiedEmailOf' | 'sharesTo' | 'parentOf'
      >;
      plans: Plans;
      creatives?: Pick<CreativesRepository, 'list'>;
    },
    options: {
      /** Lifetime of an entry, milliseconds. @default 10_000 */
      ttlMs?: number;
      /** Callers kept (least recently used dropped first). @default 1000 */
      capacity?: number;
      /** Clients whose creatives are kept (least recently used dropped first). @default 256 */
      creativeClients?: number;
      /** Milliseconds since the epoch. @default Date.now */
      now?: () => number;
    } = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.lru = new LRUCache<string, Entry>({ max: options.capacity ?? 1000 });
    this.creativeLists = new LRUCache({ max: options.creativeClients ?? 256 });
  }

  private static keyOf(caller: Caller): string {
    return JSON.stringify([caller.userId, caller.email, caller.emailVerified]);
  }

  /** The caller's entry kept from earlier and not expired, if any. */
  private kept(caller: Caller): Entry | undefined {
    const known = this.lru.get(CallerFacts.keyOf(caller));
    return known && known.expires > this.now() ? known : undefined;
  }

  /** The caller's entry, read again once expired. */
  private entry(caller: Caller): Entry {
    const key = CallerFacts.keyOf(caller);
    const now = this.now();
    const known = this.kept(caller);
    if (known) return known;
    const { companies } = this.sources;
    const claimed = caller.emailVerified ? caller.email : null;
    const roles = companies.rolesOfUser(caller.userId);
    const verified = claimed ? companies.verifiedEmailOf(caller.userId) : Promise.resolve(null);
    const shares = verified.then(async (email) =>
      claimed && email === claimed
        ? (await companies.sharesTo(claimed)).filter((s) => s.status === 'active')
        : [],
    );
    const entry: Entry = {
      expires: now + this.ttlMs,
      roles,
      shares,
      parents: new Map(),
    };
    roles.then(
      (r) => {
        entry.orgs = [...r.keys()];
      },
      () => {},
    );
    this.lru.set(key, entry);
    // A failed read is dropped so the next request reads again (handled here: no unhandled
    // rejection when no one awaits it).
    this.dropOnFailure(key, entry, roles);
    this.dropOnFailure(key, entry, shares);
    return entry;
  }

  private dropOnFailure(key: string, entry: Entry, read: Promise<unknown>): void {
    read.catch(() => {
      if (this.lru.peek(key) === entry) this.lru.delete(key);
    });
  }

  /**
   * What the caller reaches clients through, as companies.ts loadAccess gives it (memberships
   * with roles, active shares to a verified e-mail, the parents of `orgUids` the caller is not
   * a direct member of).
   */
  async access(caller: Caller, orgUids: readonly string[] = []): Promise<ClientAccess> {
    const entry = this.entry(caller);
    const [orgRoles, shares] = await Promise.all([entry.roles, entry.shares]);
    const orgParents = new Map<string, string>();
    if (orgRoles.size > 0) {
      for (const org of new Set(orgUids)) {
        if (orgRoles.has(org)) continue;
        let parent = entry.parents.get(org);
        if (!parent) {
          parent = this.sources.companies.parentOf(org);
          entry.parents.set(org, parent);
          parent.catch(() => entry.parents.delete(org));
        }
        const uid = await parent;
        if (uid) orgParents.set(org, uid);
      }
    }
    return { orgRoles, shares, orgParents };
  }

  /**
   * The client if the caller may read it (perm `view`), as companies.ts readableClient decides,
   * with the caller's facts from this cache and the client record read now. A refusal is never
   * decided on kept facts alone: when kept facts refuse, they are read again and the check made
   * once more, so a membership or share just granted works at once; only a grant just taken
   * away can be used for up to the TTL.
   * @throws NotFound ('Client') when it does not exist or the caller cannot view it (the same
   *   answer, so ids of other customers cannot be probed).
   */
  async readableClient(
    companies: Pick<CompaniesRepository, 'getClient'>,
    caller: Caller,
    clientUid: string,
  ): Promise<ClientRecord> {
    const reused = this.kept(caller) !== undefined;
    const client = await companies.getClient(clientUid);
    if (!client) throw new NotFound('Client');
    const decide = async () => {
      const perms = clientPerms(caller, client, await this.access(caller, [client.org_uid]));
      requirePerm('view', perms, caller, client);
    };
    try {
      await decide();
    } catch (refused) {
      if (!reused) throw refused;
      this.lru.delete(CallerFacts.keyOf(caller));
      await decide();
    }
    return client;
  }

  /**
   * The caller's plan as the Plans port, read at most once per call of plansOf (one request),
   * never kept between requests. Only for `caller`: another user id is refused.
   * The plan counts the organisations of a memberships read made during this request: the
   * caller's entry's own read when this request starts the entry (the access check then uses
   * the same answer), else a read of its own. The organisations are passed to the plan, so it
   * does not read the memberships and their organisation records again.
   */
  plansOf(caller: Caller): Plans {
    // Read once per request, never kept between requests: a plan bought or ended shows on the
    // very next report read.
    let read: Promise<AvailableProducts> | undefined;
    const products = (userId: string): Promise<AvailableProducts> => {
      if (userId !== caller.userId) throw new Error('CallerFacts: plans asked for another user');
      read ??= this.planRead(caller);
      return read;
    };
    return {
      availableProducts: products,
      hasActivePlan: async (userId) => (await products(userId)).pro_unlimited,
    };
  }

  /**
   * The caller's plan from the memberships read now. When kept facts name the caller's
   * organisations, their plans are read at once, beside the memberships (and, on a document
   * client that batches GetItems, in the same BatchGetItem as the client record); an
   * organisation the fresh memberships add is read when they arrive, one kept but since left
   * is not counted.
   */
  private planRead(caller: Caller): Promise<AvailableProducts> {
    const { plans } = this.sources;
    const known = this.kept(caller)?.orgs;
    const started = known && plans.startPlanReads ? plans.startPlanReads(known) : undefined;
    return this.rolesReadNow(caller).then((roles) =>
      plans.availableProducts(caller.userId, [...roles.keys()], started),
    );
  }

  /**
   * The caller's memberships as read during this request: an organisation added a moment ago
   * (to subscribe through it) must count at once, which kept memberships would miss.
   */
  private rolesReadNow(caller: Caller): Promise<Map<string, OrgRole>> {
    if (this.kept(caller)) return this.sources.companies.rolesOfUser(caller.userId);
    return this.entry(caller).roles;
  }

  /**
   * The client's creatives, asked after the caller's access check passed on `client` (the record
   * read during this request). A creative renamed through update_creatives (another Lambda)
   * shows on the very next report read: every creative write gives the client record a fresh
   * `creatives_version` in the same transaction, so the list is kept per client and token and
   * read again (strongly consistent, so the list is never older than its token) as soon as the
   * record carries another token. A record without a token (written before tokens were kept)
   * has its creatives read on every request. A failed read is not kept.
   */
  creatives(
    _caller: Caller,
    client: Pick<ClientRecord, 'client_uid' | 'creatives_version'>,
  ): Promise<CreativeRecord[]> {
    const source = this.sources.creatives;
    if (!source) return Promise.resolve([]);
    const version = client.creatives_version;
    if (!version) return source.list(client.client_uid);
    const key = JSON.stringify([client.client_uid, version]);
    const known = this.creativeLists.get(key);
    if (known) return known;
    const read = source.list(client.client_uid, { consistent: true });
    this.creativeLists.set(key, read);
    read.catch(() => {
      if (this.creativeLists.peek(key) === read) this.creativeLists.delete(key);
    });
    return read;
  }
}

/** One caller's kept facts; each is a promise so requests arriving together share one read. */
interface Entry {
  /** Epoch milliseconds after which the entry is read again. */
  expires: number;
  roles: Promise<Map<string, OrgRole>>;
  /** The organisations of `roles` once read (their plans are read ahead: planRead). */
  orgs?: string[];
  shares: Promise<Share[]>;
  parents: Map<string, Promise<string | null>>;
}
