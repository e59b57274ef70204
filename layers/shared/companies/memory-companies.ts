import type { OrgRole } from '../accounts/accounts';
import { MemoryAccounts } from '../accounts/memory-accounts';
import { NotFound } from '../errors';
import type { ClientRecord, CompaniesRepository } from './companies';

/**
 * In-memory CompaniesRepository for handler and use-case tests (same behaviour as
 * DynamoCompanies). Memberships, organisations and shares live in `accounts` (one table in AWS):
 * pass a MemoryAccounts to share them with the account use cases.
 */
export class MemoryCompanies implements CompaniesRepository {
  readonly clients = new Map<string, ClientRecord>();
  private readonly advertisers = new Map<string, string>();

  constructor(readonly accounts: MemoryAccounts = new MemoryAccounts()) {}

  async getClient(uid: string) {
    const c = this.clients.get(uid);
    return c ? { ...c } : null;
  }
  async putClient(client: ClientRecord) {
    this.clients.set(client.client_uid, { ...client });
  }
  async updateClient(uid: string, patch: Partial<ClientRecord>) {
    const c = this.clients.get(uid);
    if (!c) throw new NotFound('Client');
    this.clients.set(uid, { ...c, ...patch, client_uid: c.client_uid, org_uid: c.org_uid });
  }
  async listClientsOfOrg(org: string) {
    return [...this.clients.values()].filter((c) => c.org_uid === org && !c.demo);
  }
  async listDemoClients() {
    return [...this.clients.values()].filter((c) => c.demo);
  }
  async ensureAdvertiser(org: string, name: string, make: () => ClientRecord) {
    const key = `${org}#${name.trim().toLowerCase()}`;
    const uid = this.advertisers.get(key);
    const known = uid ? this.clients.get(uid) : undefined;
    if (known) return { client: { ...known }, created: false };
    const client = make();
    this.advertisers.set(key, client.client_uid);
    await this.putClient(client);
    return { client, created: true };
  }
  async orgsOfUser(userId: string) {
    return [...(this.accounts.memberships.get(userId)?.keys() ?? [])];
  }
  async addMembership(userId: string, org: string, role: OrgRole = 'member') {
    const roles = this.accounts.memberships.get(userId) ?? new Map<string, OrgRole>();
    roles.set(org, role);
    this.accounts.memberships.set(userId, roles);
  }
  async rolesOfUser(userId: string) {
    return new Map(this.accounts.memberships.get(userId) ?? []);
  }
  sharesTo(email: string) {
    return this.accounts.sharesTo(email);
  }
  async verifiedEmailOf(userId: string) {
    const profile = await this.accounts.getProfile(userId);
    return profile?.email_verified ? profile.primary_email : null;
  }
  async parentOf(orgUid: string) {
    return this.accounts.orgs.get(orgUid)?.parent_uid ?? null;
  }
  async childOrgs(parentUid: string) {
    return (await this.accounts.subOrganizations(parentUid)).map((o) => o.org_uid);
  }
}
