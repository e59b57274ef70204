import { RequireSession } from '../auth/require-session';
import { AppShell } from '../components/app-shell';
import { LocationsDialog } from '../locations/locations-dialog';
import { CompanyTaskListPage } from './company-task-list-page';

/**
 * The company task list screen (/ss/clients) behind a session, inside the app shell, with the
 * store-locations dialog behind each row's Locations count. Loaded lazily by the report app
 * (web/src/entries/report.tsx), so the report screen does not carry it.
 */
export function ClientsRoute() {
  return (
    <RequireSession>
      <AppShell>
        <CompanyTaskListPage LocationsDialog={LocationsDialog} />
      </AppShell>
    </RequireSession>
  );
}
