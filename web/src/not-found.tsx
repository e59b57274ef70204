import { Link } from 'react-router-dom';
import { AppShell } from './components/app-shell';
import { StateMessage } from './components/state-message';

/** The unknown-route page (spec §2 "/404", §8 "Unknown route"). */
export function NotFound() {
  return (
    <AppShell>
      <StateMessage title="Sorry! What you are looking for isn't available.">
        <Link to="/ss">Go to your reports</Link>
      </StateMessage>
    </AppShell>
  );
}
