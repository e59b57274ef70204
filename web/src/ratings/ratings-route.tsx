import { RequireSession } from '../auth/require-session';
import { AppShell } from '../components/app-shell';
import { RatingsPage } from './ratings-page';

/** /ss/ratings behind a session, inside the app shell (loaded lazily by the report app). */
export function RatingsRoute() {
  return (
    <RequireSession>
      <AppShell>
        <RatingsPage />
      </AppShell>
    </RequireSession>
  );
}
