import type { Company } from '../api/types';

/** Why Run report is off on the sample (demo) client: the server's own words (perms.ts). */
export const SAMPLE_READ_ONLY = 'Sample clients are read-only.';

/** Why Run report is off for someone who may only view the client (a view-only share). */
export const VIEW_ONLY_RUN = 'You can view this client; running reports needs edit permission.';

/** What the screen may offer for the client on it, read from its perms (fetch_companies). */
export interface ClientAccess {
  /** Run report, and storing the Customize settings, Save report (perms.edit). */
  edit: boolean;
  /** Uploading the client's visits and foot traffic (perms.import). */
  import: boolean;
  /** The read-only sample (demo) client, seen by anyone but staff. */
  sample: boolean;
  /** Why Run report is off, shown next to it; null when it is on. */
  runBlocked: string | null;
}

/**
 * The client's perms as the report screen acts on them (spec §6 "Client info carries a perms
 * map"): without `edit` no run and no stored settings, without `import` no visits or foot-traffic
 * upload. The server refuses all of these anyway (403); the screen only stops offering them.
 * Nothing known yet (the list is loading, or a client it does not list) restricts nothing.
 */
export function clientAccessOf(company: Company | undefined): ClientAccess {
  const perms = company?.perms;
  if (!company || !perms) return { edit: true, import: true, sample: false, runBlocked: null };
  const sample = company.demo && !perms.edit;
  return {
    edit: perms.edit,
    import: perms.import,
    sample,
    runBlocked: perms.edit ? null : sample ? SAMPLE_READ_ONLY : VIEW_ONLY_RUN,
  };
}
