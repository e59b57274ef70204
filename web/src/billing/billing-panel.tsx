import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrganizationView } from '#shared/contracts/account-results.schema';
import type { BillingProfile } from '#shared/contracts/billing.schema';
import { useOrganizations, useSession } from '../account/use-account';
import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { ModalDialog } from '../components/modal-dialog';
import { BillingForm } from './billing-form';
import {
  accessNotice,
  formatDay,
  methodText,
  monthlyUsd,
  planLabel,
  renewalText,
  subscriptionStatusText,
} from './billing-format';
import { InvoiceApproval } from './invoice-approval';
import { InvoicesTable } from './invoices-table';
import { PaygoUnlocks } from './paygo-unlocks';
import { cancelSubscription, useBillingProfile } from './use-billing';
import { billableOrgs } from './wizard-steps';
import './billing.css';

/** The subscription facts of a profile as label/value pairs. */
function facts(profile: BillingProfile): [string, string][] {
  const sub = profile.subscription;
  const rows: [string, string][] = [];
  if (sub) {
    rows.push(['Plan', planLabel(sub)]);
    rows.push([
      'Monthly amount',
      `${monthlyUsd(sub.amount)}${sub.discount_percent > 0 ? ` (${sub.discount_percent}% off)` : ''}`,
    ]);
    rows.push(['Status', subscriptionStatusText(sub)]);
    rows.push([sub.cancel_at_period_end ? 'Access ends' : 'Renewal', renewalText(sub)]);
  }
  if (profile.billing_setup) rows.push(['Billing method', methodText(profile)]);
  return rows;
}

/** One organisation's billing: facts, actions, invoices. */
function OrgBilling({ org }: { org: OrganizationView }) {
  const profile = useBillingProfile(org.org_uid);
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = `billing-${org.org_uid}`;

  const change = async (resume: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      const updated = await cancelSubscription(org.org_uid, resume);
      await profile.mutate(updated, { revalidate: false });
      const end = updated.subscription ? formatDay(updated.subscription.current_period_end) : '';
      setNotice(
        resume
          ? 'Your subscription will renew as usual.'
          : `Your subscription is canceled and will not renew. You keep access until ${end}.`,
      );
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const data = profile.data;
  const sub = data?.subscription ?? null;
  const live = sub !== null && sub.status !== 'canceled';
  const invoiced = data?.billing_method === 'invoice';
  return (
    <section className="billing-org" aria-labelledby={titleId}>
      <h3 id={titleId} className="billing-org__name">
        {org.name}
      </h3>
      {profile.error && !data && <FormAlert message={errorMessage(profile.error)} />}
      {!data && !profile.error && <p className="form-field__hint">Loading…</p>}
      <FormAlert tone="success" message={notice} />
      <FormAlert message={problem} />
      {data && (
        <>
          {!sub && (
            <p className="form-field__hint">
              No subscription yet. You'll always have two free reports.
            </p>
          )}
          {sub && accessNotice(sub, data.billing_method) && (
            <p className="billing-notice" role="status">
              {accessNotice(sub, data.billing_method)}
            </p>
          )}
          {facts(data).length > 0 && (
            <dl className="billing-facts">
              {facts(data).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="billing-org__actions">
            <Link className="button button--primary" to="/plans">
              {sub ? 'View / Update Subscription' : 'Choose a plan'}
            </Link>
            {data.billing_setup && !editing && (
              <button type="button" className="button" onClick={() => setEditing(true)}>
                {invoiced ? 'Update billing' : 'Update card'}
              </button>
            )}
            {live && !sub.cancel_at_period_end && (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setConfirming(true)}
              >
                Cancel subscription
              </button>
            )}
            {live && sub.cancel_at_period_end && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void change(true)}
              >
                Resume
              </button>
            )}
          </div>
          {(!sub || sub.plan === 'paygo') &&
            (data.billing_setup ? (
              <PaygoUnlocks
                orgUid={org.org_uid}
                owned={sub?.features ?? []}
                invoiced={invoiced}
                onOrdered={(saved) => void profile.mutate(saved, { revalidate: false })}
              />
            ) : (
              !editing && (
                <p className="form-field__hint">
                  Add a card to unlock single insights, from $10/month each.{' '}
                  <button type="button" className="button" onClick={() => setEditing(true)}>
                    Add a card
                  </button>
                </p>
              )
            ))}
          {editing && (
            <BillingForm
              orgUid={org.org_uid}
              session={session.data ?? null}
              stored={data.contact}
              submitLabel={invoiced ? 'Save billing details' : 'Save card'}
              onCancel={() => setEditing(false)}
              onSaved={(saved) => {
                void profile.mutate(saved, { revalidate: false });
                setEditing(false);
                setNotice('Your billing details are saved.');
              }}
            />
          )}
          <InvoicesTable invoices={data.invoices} caption={`Recent invoices of ${org.name}`} />
        </>
      )}
      {confirming && sub && (
        <ModalDialog
          title="Cancel your subscription?"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => void change(false)}
              >
                {busy ? 'Canceling…' : 'Cancel subscription'}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                Keep subscription
              </button>
            </>
          }
        >
          <p>
            {planLabel(sub)} stays unlocked until {formatDay(sub.current_period_end)}, the end of
            the month you paid for. Nothing more is charged.
          </p>
        </ModalDialog>
      )}
    </section>
  );
}

/**
 * The "Billing and subscription" panel of /ss/account (spec §3 "Billing profile",
 * §7 get_billing_profile, cancel_subscription): for each organisation the user owns or
 * administers, the plan, monthly amount, status, renewal or "Cancels on", the card, recent
 * invoices, and View / Update Subscription, Update card, Cancel subscription or Resume. A
 * subscription waiting for its first invoice says access starts when it is paid; a past_due one
 * says on which day access ends (the grace period) unless the card is updated. Staff also get
 * the invoice-customer approval form.
 */
export function BillingPanel() {
  const orgs = useOrganizations();
  const session = useSession();
  const list = billableOrgs(orgs.data ?? []);
  return (
    <section className="card account__section" aria-labelledby="billing-title">
      <h2 id="billing-title" className="card__title">
        Billing and subscription
      </h2>
      {orgs.error && <FormAlert message={errorMessage(orgs.error)} />}
      {orgs.isLoading && <p className="form-field__hint">Loading…</p>}
      {!orgs.isLoading && list.length === 0 && !orgs.error && (
        <p className="form-field__hint">
          You don't manage an organization's billing. <Link to="/plans">See plans</Link>
        </p>
      )}
      {list.map((org) => (
        <OrgBilling key={org.org_uid} org={org} />
      ))}
      {session.data?.staff && <InvoiceApproval />}
    </section>
  );
}
