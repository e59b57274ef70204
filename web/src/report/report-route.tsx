import { AccountPage } from '../account/account-page';
import { RequireSession } from '../auth/require-session';
import { ReportWorkspace } from './report-workspace';

/**
 * The report app's screens behind a session (spec §2 "Five mount points": the report app). Its own
 * entry page (web/ss.html, web/src/entries/report.tsx): public pages never download it.
 */
export function ReportRoute() {
  return (
    <RequireSession>
      <ReportWorkspace />
    </RequireSession>
  );
}

/** The account screen (/ss/account), in the report app's chunk. */
export function AccountRoute() {
  return (
    <RequireSession>
      <AccountPage />
    </RequireSession>
  );
}
