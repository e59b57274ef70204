import type { BroadcastRow } from '#shared/contracts/report.schema';

/**
 * A broadcast row for web tests: `label` with `ads` airings and `traffic` attributed visits;
 * VPA, cost, ROI and per-visit cost follow from them (cost: $10 per airing), everything else
 * neutral. The key is the label.
 */
export function broadcastRow(
  label: string,
  ads: number,
  traffic: number,
  extra: Partial<BroadcastRow> = {},
): BroadcastRow {
  const cost = ads * 1000;
  return {
    key: label,
    label,
    ads,
    traffic,
    visitsper: ads > 0 ? traffic / ads : 0,
    contribution: 0.1,
    cost_cents: cost,
    cost_per_visit_cents: traffic > 0 ? cost / traffic : null,
    roi_raw: cost > 0 ? traffic / (cost / 100) : null,
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
    impressions: null,
    visits_per_impression: null,
    ...extra,
  };
}
