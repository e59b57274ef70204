import type { Permission, UserType } from '../contracts/account.schema';
import type { PendingClient } from '../contracts/landing-preview.schema';

/**
 * Account records (spec §3 "User session", "Registration", "Organization", shares) and
 * the port that stores them. They live in the CompaniesTable next to clients and memberships
 * (single-table design, see dynamo-accounts.ts). Passwords are NEVER here: Cognito holds them.
 * Instants are ISO-8601 UTC strings.
 */

/** A user's profile (what get_session reads besides organisations and shares). */
export interface UserProfile {
  /** Cognito `sub`; for an invited address without an account yet, `invite:<email>`. */
  user_id: string;
  /** Lower-case. Unique across profiles (claimed with a conditional write). */
  primary_email: string;
  first_name: string;
  last_name: string;
  /** 999-999-9999 or ''. */
  phone: string;
  user_type: UserType | null;
  industry_id: string;
  /** DMA codes (reps). */
  markets: string[];
  primary_broadcast_type: 'all' | 'tv' | 'radio';
  default_station_id: string;
  company: string;
  /** Without protocol. */
  url: string;
  years_experience: number | null;
  industry_start_date: string;
  default_report_tab: string;
  /** Client uids, most recent first, at most 10. */
  recent_clients: string[];
  default_station_info: Record<string, string> | null;
  email_verified: boolean;
  /** False for a placeholder created by an invitation until finish_registration. */
  is_registered: boolean;
  /** False when the account has no password yet (invited, or Google-only). */
  has_password: boolean;
  /** White-label media company base URL (spec §7 rest_login `wl_user`, `base_url`). */
  wl_base_url: string | null;
  /**
   * The advertiser a registration from the landing preview asked for, created in the account's
   * organisation when the e-mail is verified, then cleared (lambdas/accounts/core/pending-client.ts).
   */
  pending_client?: PendingClient | null;
  created_at: string;
  updated_at: string;
}

/** Role of a member in an organisation. Owners and admins manage it and its clients. */
export type OrgRole = 'owner' | 'admin' | 'member';

/** An organisation (spec §3 "Organization"); `parent_uid` set = sub-organisation. */
export interface Organization {
  org_uid: string;
  name: string;
  /** Contact e-mail, lower-case. */
  email: string;
  parent_uid: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** A client shared by one user with an e-mail address (spec §6 shares; removed or restored). */
export interface Share {
  share_uid: string;
  client_uid: string;
  client_name: string;
  from_user_id: string;
  from_email: string;
  /** Lower-case; matched against the caller's VERIFIED e-mail. */
  to_email: string;
  perms: Permission[];
  status: 'active' | 'removed';
  created_at: string;
  updated_at: string;
}

/**
 * A pending invitation to an organisation (organisation members): one per organisation and
 * lower-case e-mail, so inviting the address again updates it. It becomes a membership with
 * `role` when a user with that VERIFIED e-mail signs in (get_session), and is deleted then.
 */
export interface Invitation {
  org_uid: string;
  /** Lower-case. */
  email: string;
  role: Exclude<OrgRole, 'owner'>;
  /** user_id of the owner or admin who sent it. */
  invited_by: string;
  /** ISO-8601 UTC; the latest (re-)invitation. */
  invited_at: string;
}

/** A member of an organisation (a direct membership, not one inherited from a parent). */
export interface Member {
  user_id: string;
  role: OrgRole;
}

/** Storage of profiles, organisations, memberships, invitations and shares. */
export interface AccountsRepository {
  getProfile(userId: string): Promise<UserProfile | null>;
  /** The profile claiming an e-mail (lower-case), or null. */
  profileByEmail(email: string): Promise<UserProfile | null>;
  /**
   * Creates a profile and claims its e-mail.
   * @throws Conflict when another profile already claims the e-mail.
   */
  createProfile(profile: UserProfile): Promise<void>;
  /** Patches a profile. @throws NotFound when absent. */
  updateProfile(
    userId: string,
    patch: Partial<Omit<UserProfile, 'user_id' | 'primary_email'>>,
  ): Promise<void>;
  /** Removes a profile and its e-mail claim (an invitation placeholder being replaced). */
  deleteProfile(userId: string, email: string): Promise<void>;

  getOrganization(orgUid: string): Promise<Organization | null>;
  putOrganization(org: Organization): Promise<void>;
  /** The caller's organisations with their role (memberships). */
  organizationsOf(userId: string): Promise<{ org: Organization; role: OrgRole }[]>;
  /** Child organisations of a parent. */
  subOrganizations(parentUid: string): Promise<Organization[]>;

  /**
   * Direct members of an organisation. In DynamoDB only memberships written by putMember are
   * listed (the member index); older ones are reached through rolesOfUser of a known user.
   */
  membersOf(orgUid: string): Promise<Member[]>;
  /** Adds (or changes the role of) a membership, listed by membersOf. */
  putMember(userId: string, orgUid: string, role: OrgRole): Promise<void>;
  /** Ends a membership (no-op when absent). */
  deleteMember(userId: string, orgUid: string): Promise<void>;
  /** Creates or replaces the invitation of `email` to `org_uid`. */
  putInvitation(invitation: Invitation): Promise<void>;
  /** Pending invitations of an organisation. */
  invitationsOf(orgUid: string): Promise<Invitation[]>;
  /** Pending invitations to an e-mail address (lower-case), across organisations. */
  invitationsTo(email: string): Promise<Invitation[]>;
  /** Deletes an invitation (no-op when absent). */
  deleteInvitation(orgUid: string, email: string): Promise<void>;

  getShare(shareUid: string): Promise<Share | null>;
  putShare(share: Share): Promise<void>;
  /** Shares (any status) given by a user. */
  sharesFrom(userId: string): Promise<Share[]>;
  /** Shares (any status) to an e-mail address (lower-case). */
  sharesTo(email: string): Promise<Share[]>;
}
