import { Link } from 'react-router-dom';
import { gateFor } from '#shared/billing/ratings-gates';
import { useSession } from '../account/use-account';
import { useCompanies } from '../api/use-companies';
import { RequireSession } from '../auth/require-session';
import { sessionProducts } from '../billing/use-billing';
import { AppShell } from '../components/app-shell';
import styles from './calculator.module.css';
import { CalculatorPage } from './calculator-page';

/**
 * The app's calculator (/ss/calculator): real ratings for a caller with the `calculator_real`
 * gate (Industry Insights' station ratings; the server decides, this only shows the button),
 * else sample ones with the gate's Unlock button; plans are saved to a client the user may edit.
 */
function AppCalculator() {
  const session = useSession();
  const companies = useCompanies();
  const staff = (session.data as { staff?: unknown } | null | undefined)?.staff === true;
  const flags = sessionProducts(session.data);
  const { allowed, gate } = gateFor('calculator_real', flags, staff);
  const dayparts = gateFor('ratings_dayparts', flags, staff).allowed;
  const clients = (companies.data?.clients ?? []).filter((c) => c.perms.edit);
  const banner =
    session.data === undefined || allowed ? null : (
      <div className={styles.unlock} role="note">
        <p>
          <strong>Sample ratings.</strong> {gate.message}
        </p>
        <Link className="button button--primary" to={gate.unlock_path} reloadDocument>
          {gate.unlock_label}
        </Link>
      </div>
    );
  return (
    <CalculatorPage
      title="Acquisition calculator"
      banner={banner}
      clients={clients}
      daypartsLocked={!dayparts}
    />
  );
}

/** /ss/calculator behind a session, inside the app shell (loaded lazily by the report app). */
export function CalculatorRoute() {
  return (
    <RequireSession>
      <AppShell>
        <AppCalculator />
      </AppShell>
    </RequireSession>
  );
}
