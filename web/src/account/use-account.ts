import useSWR from 'swr';
import type {
  OrganizationView,
  Shares,
  UserSession,
} from '#shared/contracts/account-results.schema';
import { callRoute } from '../api/client';

const OPTIONS = { revalidateOnFocus: false, keepPreviousData: true } as const;

/**
 * The signed-in user's session (GET get_session; spec §3 "User session"), or null when nobody
 * is signed in (no call is made then, so public pages never trigger the 401 redirect).
 * Key `['get_session', {}]`.
 */
export function useSession() {
  return useSWR(
    ['get_session', {}] as const,
    async ([name, input]) => {
      // Loaded on use: public pages (the contact form's pre-fill) need not download Amplify.
      const { hasSession } = await import('../auth/session');
      return (await hasSession()) ? callRoute<UserSession>(name, input) : null;
    },
    OPTIONS,
  );
}

/**
 * The organisations the user belongs to (POST my_organizations -> result.organizations; spec
 * §7). The top-level list hides sub-organisations (spec §3); the server decides.
 */
export function useOrganizations() {
  return useSWR(
    ['my_organizations', {}] as const,
    async ([name, input]) =>
      (await callRoute<{ organizations: OrganizationView[] }>(name, input)).organizations,
    OPTIONS,
  );
}

/** The user's shares (POST my_shares -> result.shares {shared_to_me, shared_to_others}). */
export function useShares() {
  return useSWR(
    ['my_shares', {}] as const,
    async ([name, input]) => (await callRoute<{ shares: Shares }>(name, input)).shares,
    OPTIONS,
  );
}
