import type { WalkRow } from '../route-walk-inputs';
import { ATTEMPTS, EMAIL, none, orgOnly, PASSWORD } from './common';

/**
 * The route walk's rows of accounts (sign-up, sign-in, MFA, passwords, profile, organisations, shares); the routes: layers/shared/routes/accounts.routes.ts. Spread into WALK_INPUTS
 * (route-walk-inputs.ts), whose docs say what a row is.
 */

/** The accounts routes' rows, by route name. */
export const ACCOUNTS_WALK_INPUTS: Record<string, WalkRow> = {
  auth_config: { target: 'open', input: none },
  register: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({
      first_name: 'Mal',
      last_name: 'Lory',
      email: v.ownerEmail,
      phone: '312-555-0100',
      user_type: 'self',
      industry_id: '1268',
      company: 'Squat Co',
      url: 'https://squat.example.com',
      years_experience_raw: 4,
      new_password: PASSWORD,
      confirm_password: PASSWORD,
      accept_terms: true,
    }),
  },
  rest_login: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({ email_address: v.ownerEmail, password: 'not-the-password-1!' }),
  },
  google_login: {
    target: 'open',
    input: () => ({ code: 'walk-code', code_verifier: 'v'.repeat(43) }),
  },
  exchange_login_token: { target: 'open', input: () => ({ login_token: 't'.repeat(40) }) },
  // A guessed sign-in session and code: the step of someone else's sign-in cannot be finished.
  mfa_setup: {
    target: 'open',
    counts: ATTEMPTS,
    input: () => ({ session: 's'.repeat(40), code: '123456' }),
  },
  mfa_challenge: {
    target: 'open',
    counts: ATTEMPTS,
    input: () => ({ session: 's'.repeat(40), code: '123456' }),
  },
  reset_password: { target: 'open', counts: ATTEMPTS, input: (v) => ({ email: v.ownerEmail }) },
  change_password: {
    target: 'open',
    counts: ATTEMPTS,
    input: () => ({ token: 't'.repeat(40), new_password: PASSWORD, confirm_password: PASSWORD }),
  },
  send_verify_email: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({ email: v.ownerEmail }),
  },
  verify_email: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({ email: v.ownerEmail, code: 'ABC123' }),
  },
  finish_registration: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({
      email: v.ownerEmail,
      code: 'ABC123',
      new_password: PASSWORD,
      confirm_password: PASSWORD,
    }),
  },
  send_auth_code: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({ email_address: v.ownerEmail }),
  },
  verify_auth_code: {
    target: 'open',
    counts: ATTEMPTS,
    input: (v) => ({ email_address: v.ownerEmail, code: 'ABC123' }),
  },
  simple_register: {
    target: 'open',
    counts: ATTEMPTS,
    input: () => ({
      first_name: 'Mal',
      last_name: 'Lory',
      new_password: PASSWORD,
      confirm_password: PASSWORD,
      accept_terms: true,
      proof_token: 'p'.repeat(40),
      role: 'self',
    }),
  },
  get_session: { target: 'self', input: none },
  update_profile: { target: 'self', input: () => ({ first_name: 'Walked' }) },
  missing_info: { target: 'self', input: none },
  my_organizations: { target: 'self', input: none },
  update_organization: {
    target: 'org',
    input: (v) => ({ org_uid: v.orgUid, name: 'Taken Over', email: EMAIL }),
  },
  my_shares: { target: 'self', input: none },
  update_share: {
    target: { client: 'share' },
    input: (v) => ({ client_uid: v.clientUid, email: EMAIL, perms: ['view'] }),
  },
  remove_share: {
    target: 'owned',
    input: (v) => ({ share_uid: v.friendShareUid, action: 'remove' }),
  },
  organization_members: { target: 'org', input: orgOnly },
  invite_member: {
    target: 'org',
    input: (v) => ({ organization_uid: v.orgUid, email: EMAIL, role: 'admin' }),
  },
  remove_member: {
    target: 'org',
    input: (v) => ({ organization_uid: v.orgUid, email: v.invitedEmail }),
  },
};
