import type { BroadcastRow } from '../../layers/shared/contracts/report.schema';

/**
 * A broadcast row for web tests: `label` with `ads` airings and `traffic` attributed visits;
 * VPA, cost and per-visit cost follow from them (cost: $10 per airing), everything else neutral.
 */
export function broadcastRow(
  label: string,
  ads: number,
  traffic: number,
  extra: Partial<BroadcastRow> = {},
): BroadcastRow {
  return {
    key: label,
    label,
    ads,
    traffic,
    visitsper: traffic / ads,
    contribution: 0.1,
    cost_cents: ads * 1000,
    cost_per_visit_cents: traffic > 0 ? (ads * 1000) / traffic : null,
    roi_raw: null,
    volume_share: 0,
    traffic_share: 0,
    visitsper_share: 0,
    type: 'tv',
    halo: false,
    daypart_start: null,
    p_value: 0.5,
    ci_low: 0,
    ci_high: 0,
    directional: false,
    creatives: [],
    ...extra,
  };
}
