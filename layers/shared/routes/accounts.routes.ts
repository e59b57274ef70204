/**
 * Route rows of the accounts context (lambdas/accounts/handlers/): sign-up, sign-in, MFA,
 * passwords, profile, organisations, shares and members; assembled into ROUTES by
 * layers/shared/routes.ts.
 */

import { accountRoute, type RouteDef } from '../route-def';

/** The accounts routes, in registry order. */
export const ACCOUNT_ROUTES = [
  // Accounts (spec §7 "Account and session").
  ...accountRoute('auth_config', 'GET', 'public', [], 'get-auth-config'),
  ...accountRoute('register', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'sessions:read',
    'sessions:write',
    'identity:admin',
    'mail:send',
  ]),
  ...accountRoute('rest_login', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
    'identity:admin',
    'mail:send',
  ]),
  ...accountRoute('google_login', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'identity:admin',
  ]),
  ...accountRoute('exchange_login_token', 'POST', 'public', ['sessions:read', 'sessions:write']),
  // Staff and agents: the authenticator code after the password (Cognito TOTP; the Cognito
  // calls are authorised by the user's own token or challenge session, so no admin grant,
  // except that a finished setup signs the user out everywhere else).
  ...accountRoute('mfa_setup', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
    'identity:signout',
  ]),
  ...accountRoute('mfa_challenge', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
  ]),
  ...accountRoute('reset_password', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
    'mail:send',
  ]),
  ...accountRoute('change_password', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'sessions:read',
    'sessions:write',
    'identity:admin',
  ]),
  ...accountRoute('send_verify_email', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
    'mail:send',
  ]),
  ...accountRoute('verify_email', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'sessions:read',
    'sessions:write',
    'identity:admin',
  ]),
  ...accountRoute('finish_registration', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'sessions:read',
    'sessions:write',
    'identity:admin',
  ]),
  // Simple signup (spec §7 send_auth_code): code, proof, account.
  ...accountRoute('send_auth_code', 'POST', 'public', [
    'sessions:read',
    'sessions:write',
    'mail:send',
  ]),
  ...accountRoute('verify_auth_code', 'POST', 'public', [
    'companies:read',
    'sessions:read',
    'sessions:write',
  ]),
  ...accountRoute('simple_register', 'POST', 'public', [
    'companies:read',
    'companies:write',
    'sessions:read',
    'sessions:write',
    'identity:admin',
  ]),
  ...accountRoute('get_session', 'GET', 'user', [
    'companies:read',
    'companies:write',
    'identity:read',
  ]),
  ...accountRoute('update_profile', 'POST', 'user', [
    'companies:read',
    'companies:write',
    'identity:read',
  ]),
  ...accountRoute('missing_info', 'GET', 'user', ['companies:read', 'identity:read']),
  ...accountRoute('my_organizations', 'POST', 'user', ['companies:read']),
  ...accountRoute('update_organization', 'POST', 'user', ['companies:read', 'companies:write']),
  ...accountRoute('my_shares', 'POST', 'user', ['companies:read']),
  ...accountRoute('update_share', 'POST', 'user', [
    'companies:read',
    'companies:write',
    'mail:send',
  ]),
  ...accountRoute('remove_share', 'POST', 'user', ['companies:read', 'companies:write']),
  ...accountRoute('organization_members', 'POST', 'user', ['companies:read']),
  ...accountRoute('invite_member', 'POST', 'user', [
    'companies:read',
    'companies:write',
    'mail:send',
  ]),
  ...accountRoute('remove_member', 'POST', 'user', ['companies:read', 'companies:write']),
] as const satisfies readonly RouteDef[];
