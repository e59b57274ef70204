import useSWR from 'swr';
import type { OrganizationMembers } from '#shared/contracts/account-members.schema';
import { callRoute } from './client';

/**
 * The members, pending invitations and seats of one organisation (POST organization_members).
 * Key `['organization_members', { organization_uid }]`; invite_member and remove_member answer
 * the same shape, so callers `mutate(result, { revalidate: false })` with it.
 */
export function useOrganizationMembers(organizationUid: string) {
  return useSWR(
    ['organization_members', { organization_uid: organizationUid }] as const,
    ([name, input]) => callRoute<OrganizationMembers>(name, input),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
