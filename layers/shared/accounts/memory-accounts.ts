import { Conflict, NotFound } from '../errors';
import type {
  AccountsRepository,
  Invitation,
  Organization,
  OrgRole,
  Share,
  UserProfile,
} from './accounts';

/**
 * AccountsRepository in memory, for unit and handler tests. A MemoryCompanies built with this
 * instance (`new MemoryCompanies(accounts)`) reads and writes the same memberships,
 * organisations and shares, as both DynamoDB adapters share one table.
 */
export class MemoryAccounts implements AccountsRepository {
  readonly profiles = new Map<string, UserProfile>();
  readonly emails = new Map<string, string>();
  readonly orgs = new Map<string, Organization>();
  readonly shares = new Map<string, Share>();
  /** `<org>#<email>` -> invitation. */
  readonly invitations = new Map<string, Invitation>();

  constructor(
    /** userId -> (orgUid -> role) */
    readonly memberships: Map<string, Map<string, OrgRole>> = new Map(),
  ) {}

  async getProfile(userId: string) {
    const p = this.profiles.get(userId);
    return p ? structuredClone(p) : null;
  }

  async profileByEmail(email: string) {
    const id = this.emails.get(email.toLowerCase());
    return id ? this.getProfile(id) : null;
  }

  async createProfile(profile: UserProfile) {
    if (this.emails.has(profile.primary_email)) throw new Conflict('E-mail already registered.');
    this.emails.set(profile.primary_email, profile.user_id);
    this.profiles.set(profile.user_id, structuredClone(profile));
  }

  async updateProfile(userId: string, patch: Partial<UserProfile>) {
    const p = this.profiles.get(userId);
    if (!p) throw new NotFound('Profile');
    this.profiles.set(userId, { ...p, ...structuredClone(patch) });
  }

  async deleteProfile(userId: string, email: string) {
    this.profiles.delete(userId);
    if (this.emails.get(email) === userId) this.emails.delete(email);
  }

  async getOrganization(orgUid: string) {
    const o = this.orgs.get(orgUid);
    return o ? { ...o } : null;
  }

  async putOrganization(org: Organization) {
    this.orgs.set(org.org_uid, { ...org });
  }

  async organizationsOf(userId: string) {
    const out: { org: Organization; role: OrgRole }[] = [];
    for (const [orgUid, role] of this.memberships.get(userId) ?? []) {
      const org = this.orgs.get(orgUid);
      if (org) out.push({ org: { ...org }, role });
    }
    return out;
  }

  async subOrganizations(parentUid: string) {
    return [...this.orgs.values()].filter((o) => o.parent_uid === parentUid).map((o) => ({ ...o }));
  }

  // Every membership is listed here, also those added through MemoryCompanies.addMembership
  // (DynamoDB lists only putMember's); the member use cases look those up by user as well.
  async membersOf(orgUid: string) {
    return [...this.memberships].flatMap(([userId, roles]) => {
      const role = roles.get(orgUid);
      return role ? [{ user_id: userId, role }] : [];
    });
  }

  async putMember(userId: string, orgUid: string, role: OrgRole) {
    const roles = this.memberships.get(userId) ?? new Map<string, OrgRole>();
    roles.set(orgUid, role);
    this.memberships.set(userId, roles);
  }

  async deleteMember(userId: string, orgUid: string) {
    this.memberships.get(userId)?.delete(orgUid);
  }

  async putInvitation(invitation: Invitation) {
    const email = invitation.email.toLowerCase();
    this.invitations.set(`${invitation.org_uid}#${email}`, { ...invitation, email });
  }

  async invitationsOf(orgUid: string) {
    return [...this.invitations.values()]
      .filter((i) => i.org_uid === orgUid)
      .map((i) => ({ ...i }));
  }

  async invitationsTo(email: string) {
    return [...this.invitations.values()]
      .filter((i) => i.email === email.toLowerCase())
      .map((i) => ({ ...i }));
  }

  async deleteInvitation(orgUid: string, email: string) {
    this.invitations.delete(`${orgUid}#${email.toLowerCase()}`);
  }

  async getShare(shareUid: string) {
    const s = this.shares.get(shareUid);
    return s ? structuredClone(s) : null;
  }

  async putShare(share: Share) {
    this.shares.set(share.share_uid, structuredClone(share));
  }

  async sharesFrom(userId: string) {
    return [...this.shares.values()]
      .filter((s) => s.from_user_id === userId)
      .map((s) => structuredClone(s));
  }

  async sharesTo(email: string) {
    return [...this.shares.values()]
      .filter((s) => s.to_email === email.toLowerCase())
      .map((s) => structuredClone(s));
  }
}
