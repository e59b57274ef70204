import type { ReportSummary } from '../contracts/report.schema';
import {
  abbreviate,
  floorAtZero,
  formatCents,
  formatChange,
  formatPercent,
  formatRatio,
} from '../format';
import { relativeChange } from '../report/compare';

/**
 * The KPI summary as printed (house-style item 14: value, change against the
 * comparison period, colours flip where lower is better). Signed visit figures print floored at
 * zero (method note §5.1.5). Pure.
 */

/** One printed KPI. */
export interface PrintKpi {
  label: string;
  value: string;
  /** Against the comparison period; absent without one. */
  compare?: {
    /** e.g. `+12.3%`, or `—` when the comparison value is 0. */
    change: string;
    tone: 'good' | 'bad' | 'flat';
    /** The comparison period's value as displayed. */
    value: string;
  };
}

interface KpiDef {
  label: string;
  pick: (s: ReportSummary) => number | null;
  show: (v: number | null) => string;
  /** Lower is better (costs). */
  lowerIsBetter?: boolean;
}

const KPIS: KpiDef[] = [
  { label: 'Airings', pick: (s) => s.airings, show: (v) => abbreviate(v ?? 0) },
  { label: 'Visits', pick: (s) => s.total_visits, show: (v) => abbreviate(v ?? 0) },
  {
    label: 'Attributed visits',
    pick: (s) => s.attributed_visits,
    show: (v) => abbreviate(floorAtZero(v ?? 0)),
  },
  { label: 'VPA', pick: (s) => s.vpa, show: (v) => formatRatio(floorAtZero(v ?? 0)) },
  {
    label: 'Lift share',
    pick: (s) => s.lift_share,
    show: (v) => formatPercent(floorAtZero(v ?? 0)),
  },
  {
    label: 'Cost per visit',
    pick: (s) => s.cost_per_visit_cents,
    show: (v) => formatCents(v),
    lowerIsBetter: true,
  },
];

/** Changes smaller than half a percent print as flat. */
const FLAT = 0.005;

function tone(change: number | null, lowerIsBetter: boolean): 'good' | 'bad' | 'flat' {
  if (change === null || Math.abs(change) < FLAT) return 'flat';
  return change > 0 !== lowerIsBetter ? 'good' : 'bad';
}

/**
 * The KPIs of a summary, with the change against `compare` when given. Cost per visit is left
 * out when the report has no cost.
 */
export function printKpis(summary: ReportSummary, compare: ReportSummary | null): PrintKpi[] {
  return KPIS.filter((k) => k.pick(summary) !== null).map((k) => {
    const value = k.pick(summary);
    const kpi: PrintKpi = { label: k.label, value: k.show(value) };
    if (!compare) return kpi;
    const before = k.pick(compare);
    const change = value === null ? null : relativeChange(value, before);
    return {
      ...kpi,
      compare: {
        change: formatChange(change),
        tone: tone(change, k.lowerIsBetter ?? false),
        value: k.show(before),
      },
    };
  });
}
