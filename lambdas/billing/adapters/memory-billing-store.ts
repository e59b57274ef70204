import type { SubscriptionRecord } from '#shared/billing/entitlements';
import type { BillingAccount, BillingStore } from '../core/ports';

/** BillingStore in memory (unit and handler tests; same behaviour as the DynamoDB one). */
export class MemoryBillingStore implements BillingStore {
  readonly accounts = new Map<string, BillingAccount>();
  /** orgUid -> subscription uid -> record */
  readonly subscriptions = new Map<string, Map<string, SubscriptionRecord>>();
  readonly customerIndex = new Map<string, string>();
  /** event id -> expiry, epoch seconds */
  readonly events = new Map<string, number>();

  constructor(private readonly nowS: () => number = () => Math.floor(Date.now() / 1000)) {}

  async getAccount(orgUid: string) {
    const a = this.accounts.get(orgUid);
    return a ? structuredClone(a) : null;
  }

  async updateAccount(orgUid: string, patch: Partial<Omit<BillingAccount, 'organization_uid'>>) {
    const base: BillingAccount = this.accounts.get(orgUid) ?? {
      organization_uid: orgUid,
      stripe_customer_id: null,
      contact: null,
      billing_method: null,
      card_brand: null,
      card_last4: null,
      updated_at: '',
    };
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    this.accounts.set(orgUid, structuredClone({ ...base, ...defined }));
    if (patch.stripe_customer_id) this.customerIndex.set(patch.stripe_customer_id, orgUid);
  }

  async orgOfCustomer(customerId: string) {
    return this.customerIndex.get(customerId) ?? null;
  }

  async customers() {
    return [...this.accounts.values()].flatMap((a) =>
      a.stripe_customer_id
        ? [{ organization_uid: a.organization_uid, customer_id: a.stripe_customer_id }]
        : [],
    );
  }

  async subscriptionsOf(orgUid: string) {
    return [...(this.subscriptions.get(orgUid)?.values() ?? [])].map((r) => structuredClone(r));
  }

  /** Newest read wins, as the DynamoDB store's conditional put. */
  async putSubscription(record: SubscriptionRecord) {
    const org = this.subscriptions.get(record.organization_uid) ?? new Map();
    const stored = org.get(record.subscription_uid);
    if (stored && stored.synced_at > record.synced_at) return;
    org.set(record.subscription_uid, structuredClone(record));
    this.subscriptions.set(record.organization_uid, org);
  }

  async deleteSubscription(orgUid: string, subscriptionUid: string) {
    this.subscriptions.get(orgUid)?.delete(subscriptionUid);
  }

  async claimEvent(eventId: string, ttlS: number) {
    const now = this.nowS();
    const expires = this.events.get(eventId);
    if (expires !== undefined && expires >= now) return false;
    this.events.set(eventId, now + ttlS);
    return true;
  }

  async releaseEvent(eventId: string) {
    this.events.delete(eventId);
  }
}
