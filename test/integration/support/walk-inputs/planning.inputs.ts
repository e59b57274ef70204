import type { WalkRow } from '../route-walk-inputs';

/**
 * The route walk's rows of the routes that plan and deliver reports: creatives and their media,
 * campaigns, scheduled deliveries and their links, and the generated report families. Spread
 * into WALK_INPUTS (route-walk-inputs.ts), whose docs say what a row is.
 */

const clientOnly = (v: { clientUid: string }) => ({ client_uid: v.clientUid });
const none = () => ({});

/** The planning and delivery routes' rows, by route name. */
export const PLANNING_WALK_INPUTS: Record<string, WalkRow> = {
  update_creatives: {
    target: { client: 'edit' },
    input: (v) => ({
      client_uid: v.clientUid,
      creatives: [
        {
          creative_id: 'WALK-30',
          name: 'Walk',
          media: { content_type: 'video/mp4', size_bytes: 10 },
        },
      ],
    }),
  },
  client_creatives: { target: { client: 'view' }, input: clientOnly },
  // The victim's creatives carry no media: everyone gets 404, strangers before the media lookup.
  play_creative: {
    target: 'owned',
    input: (v) => ({ client_uid: v.clientUid, creative_id: 'WALK-30' }),
  },
  create_campaign: {
    target: { client: 'edit' },
    input: (v) => ({
      client_uid: v.clientUid,
      name: 'Walk rival flight',
      flight_start: '2026-03-01',
      flight_end: '2026-03-31',
      budget_cents: 100,
      goal: { kind: 'visits', target: 1 },
    }),
  },
  update_campaign: {
    target: { client: 'edit' },
    input: (v) => ({ client_uid: v.clientUid, campaign_uid: v.campaignUid, name: 'Walk renamed' }),
  },
  client_campaigns: { target: { client: 'view' }, input: clientOnly },
  create_schedule: {
    target: { client: 'schedule' },
    input: (v) => ({
      client_uid: v.clientUid,
      what: { kind: 'report' },
      cadence: { every: 'weekly', weekday: 1 },
      local_time: '08:00',
      time_zone: 'America/New_York',
      range: 'last_week',
      recipients: ['walk-rival@example.com'],
      format: { pdf: true, csv: false },
    }),
  },
  update_schedule: {
    target: { client: 'schedule' },
    input: (v) => ({ client_uid: v.clientUid, schedule_id: 'walk-schedule', delete: true }),
  },
  schedule_deliveries: {
    target: { client: 'schedule' },
    input: (v) => ({ client_uid: v.clientUid, schedule_id: 'walk-schedule' }),
  },
  // Public: a forged token is refused by its signature, whoever calls.
  schedule_unsubscribe: { target: 'open', input: () => ({ token: 'walk.forged' }) },
  // Public: a forged token is refused (403) by its signature, whoever calls.
  delivery_file: { target: 'open', input: () => ({ token: 'walk.forged' }) },
  // The organisation families: options are the caller's own; the roll-up is the victim org's.
  station_group_options: { target: 'self', input: none },
  // The victim's client aired on WADMO (the demo post-log's New York station).
  monthly_tsq_report_generate: {
    target: { client: 'view' },
    settle: 'generated',
    input: () => ({ station_id: 'WADMO', month: '2016-09' }),
  },
  advertiser_report_generate: {
    target: { client: 'view' },
    settle: 'generated',
    input: (v) => ({ advertiser_id: v.clientUid, start: '2016-09-01', end: '2016-09-30' }),
  },
  activity_report_generate: {
    target: 'org',
    settle: 'generated',
    input: (v) => ({ org_uid: v.orgUid, start: '2016-09-01', end: '2016-09-30' }),
  },
  generate_org_reporting: {
    target: 'org',
    settle: 'generated',
    input: (v) => ({ org_uid: v.orgUid, start: '2024-03-01', end: '2024-03-31' }),
  },
  monthly_report_options: { target: 'self', input: none },
  quarterly_report_options: { target: 'self', input: none },
  monthly_report_generate: {
    target: { client: 'view' },
    settle: 'generated',
    input: (v) => ({ client_uid: v.clientUid, month: '2024-03' }),
  },
  monthly_ng_report_generate: {
    target: { client: 'view' },
    settle: 'generated',
    input: (v) => ({ client_uid: v.clientUid, month: '2024-03' }),
  },
  quarterly_report_generate: {
    target: { client: 'view' },
    settle: 'generated',
    input: (v) => ({ client_uid: v.clientUid, quarter: '2024-Q1' }),
  },
  // A job is its starter's alone: any other caller gets 404 (a report id is no job of theirs).
  generated_report_status: { target: 'owned', input: (v) => ({ job_id: v.reportId }) },
  update_session_campaign: {
    target: { client: 'view' },
    input: (v) => ({
      client_uid: v.clientUid,
      session_uid: v.sessionUid,
      campaign_uid: v.campaignUid,
    }),
  },
};
