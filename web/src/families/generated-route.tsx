import { RequireSession } from '../auth/require-session';
import { AppShell } from '../components/app-shell';
import { GeneratedPage } from './generated-page';

/**
 * The generated reports screen (/ss/generated) behind a session, inside the app shell. Loaded
 * lazily by the report app (web/src/entries/report.tsx).
 */
export function GeneratedRoute() {
  return (
    <RequireSession>
      <AppShell>
        <GeneratedPage />
      </AppShell>
    </RequireSession>
  );
}
