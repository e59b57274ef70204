import { RequireSession } from '../auth/require-session';
import { AppShell } from '../components/app-shell';
import { MarketInsightsPage } from './market-insights-page';

/** /ss/market-insights behind a session, inside the app shell (loaded lazily by the report app). */
export function MarketInsightsRoute() {
  return (
    <RequireSession>
      <AppShell>
        <MarketInsightsPage />
      </AppShell>
    </RequireSession>
  );
}
