import { useEffect } from 'react';
import { errorMessage } from '../api/client';
import { BillingPanel } from '../billing/billing-panel';
import { AppShell } from '../components/app-shell';
import { StateMessage } from '../components/state-message';
import { OrderCardsSection } from './order-cards-section';
import { OrganizationsPanel } from './organizations-panel';
import { ProfileForm } from './profile-form';
import { SharesPanel } from './shares-panel';
import { TrophyCard } from './trophy-card';
import { useSession } from './use-account';

/**
 * /ss/account (spec §7 "Account and session"): the signed-in user's profile (update_profile), organisations
 * (my_organizations, update_organization) and shares (my_shares, update_share, remove_share).
 * Reached from the header's user menu; guarded by RequireSession (report-route.tsx).
 */
export function AccountPage() {
  const session = useSession();
  useEffect(() => {
    document.title = 'Account · AnalyticOwl';
  }, []);

  return (
    <AppShell>
      <div className="report-head">
        <div>
          <h1 className="report-head__title">Your account</h1>
          <p className="report-head__meta">{session.data?.primary_email ?? ''}</p>
        </div>
      </div>
      {session.error && (
        <StateMessage title="We couldn't load your account." tone="error">
          {errorMessage(session.error)}
        </StateMessage>
      )}
      {session.data && (
        <div className="account">
          <section className="card account__section" aria-labelledby="profile-title">
            <h2 id="profile-title" className="card__title">
              Profile
            </h2>
            <TrophyCard />
            <ProfileForm session={session.data} onSaved={() => void session.mutate()} />
          </section>
          <OrderCardsSection />
          <OrganizationsPanel />
          <BillingPanel />
          <SharesPanel />
        </div>
      )}
    </AppShell>
  );
}
