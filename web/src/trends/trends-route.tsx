import { RequireSession } from '../auth/require-session';
import { AppShell } from '../components/app-shell';
import { TrendsPage } from './trends-page';

/**
 * The weekly trends screen (/ss/trends) behind a session, inside the app shell. Loaded lazily by
 * the report app (web/src/entries/report.tsx).
 */
export function TrendsRoute() {
  return (
    <RequireSession>
      <AppShell>
        <TrendsPage />
      </AppShell>
    </RequireSession>
  );
}
