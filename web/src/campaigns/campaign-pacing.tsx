import { campaignPacing } from '#shared/campaigns/pacing';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import type { ReportSummary } from '#shared/contracts/report.schema';
import { formatCents, formatDateRange } from '#shared/format';
import { goalText } from './campaign-manager';
import styles from './campaigns.module.css';

/** Props of {@link CampaignPacingPanel}. */
export interface CampaignPacingPanelProps {
  campaign: Campaign;
  /** The figures of the report scoped to the campaign. */
  summary: ReportSummary;
  /** The report's dates (YYYY-MM-DD): pacing is as of its last day. */
  reportStart: string;
  reportEnd: string;
  /** Runs the next report over the flight's dates (shown when the report covers part of it). */
  onUseFlightDates?: () => void;
}

/** A share as a whole percentage ("140%"): pacing runs past 100%, unlike the report's shares. */
const percent = (share: number) => `${Math.round(share * 100).toLocaleString('en-US')}%`;

/** A labelled bar for a share 0..1 (drawn up to 100%; the text says the real share). */
function Bar({ share, tone }: { share: number; tone: 'ok' | 'warn' | 'plain' }) {
  return (
    <span className={styles.bar} aria-hidden="true">
      <span
        className={`${styles.fill} ${tone === 'warn' ? styles.warn : tone === 'ok' ? styles.ok : ''}`}
        style={{ width: `${Math.min(100, Math.max(0, share * 100))}%` }}
      />
    </span>
  );
}

/** The goal's actual value in words, in the goal's unit. */
function actualText(kind: Campaign['goal']['kind'], actual: number | null): string {
  if (actual === null) return '—';
  if (kind === 'cost_per_visit') return `${formatCents(Math.round(actual))} per visit`;
  const rounded = kind === 'vpa' ? actual.toFixed(2) : Math.round(actual).toLocaleString('en-US');
  return kind === 'vpa' ? `${rounded} visits per airing` : `${rounded} visits`;
}

/**
 * Budget pacing of the campaign the report is scoped to (layers/shared/campaigns/pacing.ts):
 * spent against budget, the flight elapsed as of the report's last day, and the goal's actual
 * against its target, with whether it is on track. Says so when the report covers only part of
 * the flight, and offers to run it over the flight's dates.
 */
export function CampaignPacingPanel({
  campaign,
  summary,
  reportStart,
  reportEnd,
  onUseFlightDates,
}: CampaignPacingPanelProps) {
  const pacing = campaignPacing(campaign, summary, reportEnd);
  const partial = reportStart > campaign.flight_start || reportEnd < campaign.flight_end;
  const disjoint = reportEnd < campaign.flight_start || reportStart > campaign.flight_end;
  const goal = pacing.goal;
  return (
    <section className={styles.pacing} aria-label="Campaign pacing" data-testid="campaign-pacing">
      <h2 className={styles.pacingTitle}>
        {campaign.name}{' '}
        <span className={styles.muted}>
          flight {formatDateRange(campaign.flight_start, campaign.flight_end)}
        </span>
      </h2>
      <dl className={styles.tiles}>
        <div className={styles.tile}>
          <dt>Spent</dt>
          <dd>
            <strong>{formatCents(pacing.spent_cents)}</strong> of {formatCents(pacing.budget_cents)}
            {pacing.spent_share !== null && ` (${percent(pacing.spent_share)})`}
          </dd>
          <Bar share={pacing.spent_share ?? 0} tone={pacing.over_budget ? 'warn' : 'plain'} />
          {pacing.spent_cents === null && (
            <dd className={styles.muted}>The post-log has no costs.</dd>
          )}
          {pacing.over_budget && <dd className={styles.warnText}>Over budget</dd>}
        </div>
        <div className={styles.tile}>
          <dt>Flight elapsed</dt>
          <dd>
            <strong>{pacing.elapsed_days}</strong> of {pacing.flight_days} days (
            {percent(pacing.elapsed_share)})
          </dd>
          <Bar share={pacing.elapsed_share} tone="plain" />
        </div>
        <div className={styles.tile}>
          <dt>Goal: {goalText(campaign.goal)}</dt>
          <dd>
            <strong>{actualText(goal.kind, goal.actual)}</strong>
            {goal.progress !== null && ` (${percent(goal.progress)} of goal)`}
          </dd>
          <Bar
            share={goal.progress ?? 0}
            tone={goal.on_track === null ? 'plain' : goal.on_track ? 'ok' : 'warn'}
          />
          {goal.on_track !== null && (
            <dd className={goal.on_track ? styles.okText : styles.warnText}>
              {goal.on_track ? 'On track' : 'Behind'}
            </dd>
          )}
        </div>
      </dl>
      {(partial || disjoint) && (
        <p className={styles.note}>
          {disjoint
            ? 'This report does not cover the flight: no airings are counted.'
            : `This report covers ${formatDateRange(reportStart, reportEnd)}, part of the flight.`}{' '}
          {onUseFlightDates && (
            <button type="button" className="link-button" onClick={onUseFlightDates}>
              Set the next run to the flight's dates
            </button>
          )}
        </p>
      )}
    </section>
  );
}
