import { updateSessionCampaign } from '../api/use-campaigns';

/** sessionStorage key prefix of a tab's report session per client. */
const SESSION_KEY = 'analyticowl.report-session.';
const SESSION_UID = /^[A-Za-z0-9_-]{1,80}$/;

/**
 * This tab's report session of a client (spec §3 "Report session: client_uid, session_uid, ...
 * campaign"): one uid per tab and client, kept in sessionStorage so a reload keeps it and
 * another tab has its own. A stored value that is not a valid id is replaced.
 */
export function reportSessionUid(clientUid: string, storage: Storage = window.sessionStorage) {
  const key = `${SESSION_KEY}${clientUid}`;
  const stored = storage.getItem(key);
  if (stored && SESSION_UID.test(stored)) return stored;
  const uid = crypto.randomUUID();
  storage.setItem(key, uid);
  return uid;
}

/**
 * Records on this tab's report session of the client the campaign the user scoped the report
 * to, or null when they removed it (spec §7 update_session_campaign). The URL stays the screen's
 * source of truth, so a failure only leaves the session's record behind: it is logged, not
 * shown.
 */
export async function recordSessionCampaign(
  clientUid: string,
  campaignUid: string | null,
): Promise<void> {
  try {
    await updateSessionCampaign({
      session_uid: reportSessionUid(clientUid),
      client_uid: clientUid,
      campaign_uid: campaignUid,
    });
  } catch (error) {
    console.warn('update_session_campaign failed', error);
  }
}
