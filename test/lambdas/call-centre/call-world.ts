import { type ClsActivityInput, clsActivitySchema } from '#shared/contracts/call-centre.schema';
import type { CallRecord } from '#shared/contracts/call-record';
import { MemoryCallRecordStore } from '../../../lambdas/call-centre/adapters/memory-call-records';
import { applyActivity } from '../../../lambdas/call-centre/core/apply-activity';
import { newCallRecord } from '../../../lambdas/call-centre/core/new-record';
import type {
  CallCentreDeps,
  CallFacts,
  CrmHandoff,
} from '../../../lambdas/call-centre/core/ports';
import type { MailMessage } from '../../../lambdas/comms/core/ports';

/** The facts of a monitored advertiser (a list refresh's view). */
export function callFacts(overrides: Partial<CallFacts> = {}): CallFacts {
  return {
    id: 'acme-motors',
    uid: 'acme-motors',
    name: 'Acme Motors',
    industry: 'Automotive',
    industry_id: '1',
    size: 'medium',
    program_list: ['Evening News'],
    markets: ['501'],
    stations: ['WABC'],
    days_since_first_spot: 40,
    days_since_campaign: 3,
    always_on_air: true,
    competitor_list: [],
    industry_summary: { sessions_per_airing: 1.5 },
    airings: 30,
    spend: 120000,
    as_of: '2024-06-01',
    ...overrides,
  };
}

/** A new call record as a list refresh creates it, with `overrides`. */
export function callRecord(overrides: Partial<CallRecord> = {}): CallRecord {
  const record = newCallRecord(callFacts(), new Date('2024-06-01T00:00:00Z'));
  return { ...record, ...overrides };
}

/** A complete sign-up section (two regions: $199.98). */
export const SIGNUP_INFO: CallRecord['signup_info'] = {
  billing_type: 'invoice',
  billing_name: 'Acme Motors LLC',
  address: '1 Main St',
  address_extended: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  match_only: false,
  regions: '501, 602',
  ad_report_email_address_1: 'reports@acme.test',
  ad_report_email_address_2: '',
};

/** A call-centre test world: memory store, mailbox and CRM at a settable clock. */
export function callWorld(records: CallRecord[] = [callRecord()]) {
  const records_ = new MemoryCallRecordStore(records);
  const mails: MailMessage[] = [];
  const handoffs: CrmHandoff[] = [];
  let now = new Date('2024-06-05T15:00:00Z');
  let seq = 0;
  const deps: CallCentreDeps = {
    records: records_,
    mailer: { send: async (m) => void mails.push(m) },
    crm: { send: async (h) => void handoffs.push(h) },
    appOrigin: 'https://app.analyticowl.test',
    now: () => now,
    newId: () => `00000000-0000-0000-0000-${String(++seq).padStart(12, '0')}`,
  };
  return {
    deps,
    records: records_,
    mails,
    handoffs,
    setNow: (at: string) => {
      now = new Date(at);
    },
  };
}

/** The agent every test saves as. */
export const AGENT = { sub: 'agent-1', email: 'agent@analyticowl.test' };

/** An activity as the form sends it, client_id defaulting to the seeded record. */
export type ActivityRequest = Omit<ClsActivityInput, 'client_id'> & { client_id?: string };

/** Saves one activity as the form sends it (parsed by the shared contract) as AGENT. */
export function saveActivity(w: ReturnType<typeof callWorld>, activity: ActivityRequest) {
  const input = clsActivitySchema.parse({ client_id: 'acme-motors', ...activity });
  return applyActivity(w.deps, input, AGENT).then((r) => r.record);
}

/** A filled advertiser section as the form sends it. */
export const ADVERTISER = {
  first_name: 'Ada',
  last_name: 'Lane',
  email: 'ada@acme.test',
  address: '',
  address_extended: '',
  city: '',
  state: '',
  zip: '',
  url: 'acme.test',
  phone: '5551234567',
};
