import type { AccountsRepository } from '#shared/accounts/accounts';
import type { CompaniesRepository } from '#shared/companies/companies';
import type { ConnectionRecord } from '#shared/connections/connections-store';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { oneLine } from '../../comms/core/mail-text';
import type { Mailer } from './ports';

/** What accessLostMail reads and sends with. */
export interface AccessLostDeps {
  companies: Pick<CompaniesRepository, 'getClient'>;
  accounts: Pick<AccountsRepository, 'getOrganization' | 'membersOf' | 'getProfile'>;
  mailer: Mailer;
  /** Origin of the app, for the reconnect link (no trailing slash). */
  siteOrigin: string;
}

/** Where the client's Connections panel is: the client's report page. */
export function reconnectLink(siteOrigin: string, clientUid: string): string {
  return `${siteOrigin}/ss?${new URLSearchParams({ client: clientUid }).toString()}`;
}

/**
 * The addresses told about a client's connection: the e-mails of its organisation's owners,
 * or the organisation's contact e-mail when no owner has a profile.
 */
async function ownerAddresses(deps: AccessLostDeps, orgUid: string): Promise<string[]> {
  const members = await deps.accounts.membersOf(orgUid);
  const owners = members.filter((m) => m.role === 'owner');
  const profiles = await Promise.all(owners.map((m) => deps.accounts.getProfile(m.user_id)));
  const emails = profiles.flatMap((p) => (p?.primary_email ? [p.primary_email] : []));
  if (emails.length > 0) return [...new Set(emails)];
  const org = await deps.accounts.getOrganization(orgUid);
  return org?.email ? [org.email] : [];
}

/**
 * Mails the client's owner that a connection lost its Google access (spec: "the user is told
 * and can reconnect"): CONNECTION_MESSAGES.accessLost, which properties, and the reconnect link.
 * Never includes a token. The GA4 pull calls it when a grant is revoked or the service
 * account's Viewer access is removed.
 * @returns the addresses mailed (none when the client or its owners are unknown).
 */
export async function mailAccessLost(
  deps: AccessLostDeps,
  connection: Pick<ConnectionRecord, 'client_uid' | 'property_ids' | 'ga_email' | 'source'>,
): Promise<string[]> {
  const client = await deps.companies.getClient(connection.client_uid);
  if (!client) return [];
  const to = await ownerAddresses(deps, client.org_uid);
  const through =
    connection.source === 'viewer'
      ? 'Viewer access for AnalyticOwl'
      : `the Google account ${connection.ga_email || '(unknown)'}`;
  const text = [
    `${CONNECTION_MESSAGES.accessLost}`,
    '',
    `Client: ${client.name}`,
    `Connected through: ${through}`,
    `Properties: ${connection.property_ids.join(', ') || '(none)'}`,
    '',
    'The visits already pulled stay in your reports. To resume, reconnect from the client:',
    reconnectLink(deps.siteOrigin, client.client_uid),
  ].join('\n');
  for (const address of to)
    await deps.mailer.send({
      to: address,
      subject: oneLine(`Google Analytics access lost for ${client.name}`, 150),
      text,
    });
  return to;
}
