import { useState } from 'react';
import { Bar, BarChart, Cell, LabelList, XAxis, YAxis } from 'recharts';
import type { GatedReportSection } from '#shared/billing/report-gates';
import {
  PRO_DIGITAL_DIMENSIONS,
  PRO_DIGITAL_METRICS,
  type ProDigital,
  type ProDigitalDimension,
  type ProDigitalMetric,
  type ProDigitalRow,
} from '#shared/contracts/pro-digital.schema';
import {
  ENGAGEMENT_UNAVAILABLE,
  formatProDigital,
  formatProDigitalChange,
  NOT_AVAILABLE,
  PRO_DIGITAL_DIMENSION_LABELS,
  PRO_DIGITAL_HELP,
  PRO_DIGITAL_LABELS,
  proDigitalMethodNote,
} from '#shared/report/pro-digital';
import { BreakdownTabs } from './breakdown-tabs';
import { LockedSection } from './locked-section';
import css from './pro-digital-section.module.css';

const IN_WINDOW = '#2a6f97';
const BASELINE = '#8a94a6';
const INK = '#44506a';

/** Props of {@link ProDigitalSection}. */
export interface ProDigitalSectionProps {
  /** The report's section (get_report `pro_digital`); nothing renders when absent. */
  section: ProDigital | null | undefined;
  /** Sections the server withheld (get_report `locked_sections`). @default none */
  locked?: readonly GatedReportSection[];
  /** A note under the title, e.g. that drill filters do not apply. */
  note?: string;
}

/** The sign of a change as a tone class. */
function tone(metric: ProDigitalMetric, row: ProDigitalRow): string {
  const v = row[metric];
  if (v.in_window === null || v.baseline === null) return css.flat ?? '';
  const diff = v.in_window - v.baseline;
  const flat = metric === 'engagement_time_s' ? Math.abs(diff) < 0.5 : Math.abs(diff) < 0.0005;
  return (flat ? css.flat : diff > 0 ? css.up : css.down) ?? '';
}

/**
 * One metric of the website impact: in the airing windows against the baseline, as numbers and
 * as a two-bar chart (the same numbers in the figure's text alternative).
 */
function MetricCompare({ metric, row }: { metric: ProDigitalMetric; row: ProDigitalRow }) {
  const v = row[metric];
  const label = PRO_DIGITAL_LABELS[metric];
  const inWindow = formatProDigital(metric, v.in_window);
  const baseline = formatProDigital(metric, v.baseline);
  const change = formatProDigitalChange(metric, v);
  const data = [
    { name: 'In airing windows', value: v.in_window ?? 0, text: inWindow, fill: IN_WINDOW },
    { name: 'Baseline', value: v.baseline ?? 0, text: baseline, fill: BASELINE },
  ];
  return (
    <figure
      className={css.metric}
      aria-label={`${label}: ${inWindow} in airing windows, ${baseline} baseline, change ${change}`}
    >
      <figcaption className={css.metricName} title={PRO_DIGITAL_HELP[metric]}>
        {label}
      </figcaption>
      <p className={css.metricValues}>
        <span className={css.metricValue}>{inWindow}</span>
        <span className={css.metricBaseline}>vs {baseline} baseline</span>
        <span className={tone(metric, row)}>{change}</span>
      </p>
      <div aria-hidden="true">
        <BarChart
          responsive
          // The figure's label says the numbers; the drawing must not take keyboard focus.
          accessibilityLayer={false}
          layout="vertical"
          data={data}
          style={{ width: '100%', height: 84 }}
          margin={{ top: 4, right: 56, bottom: 4, left: 0 }}
        >
          <XAxis type="number" hide domain={[0, 'auto']} />
          <YAxis
            type="category"
            dataKey="name"
            width={112}
            tick={{ fontSize: 12, fill: INK }}
            axisLine={false}
            tickLine={false}
          />
          <Bar dataKey="value" barSize={16} isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.name} fill={d.fill} />
            ))}
            <LabelList dataKey="text" position="right" style={{ fontSize: 12, fill: INK }} />
          </Bar>
        </BarChart>
      </div>
    </figure>
  );
}

/** A metric cell of a table: the in-window value over its baseline. */
function Pair({ metric, row }: { metric: ProDigitalMetric; row: ProDigitalRow }) {
  return (
    <span className={css.pair}>
      <span>{formatProDigital(metric, row[metric].in_window)}</span>
      <span className={css.pairBaseline}>
        {formatProDigital(metric, row[metric].baseline)} baseline
      </span>
    </span>
  );
}

/** The detailed table of one dimension (only the metrics the visits measure). */
function DigitalTable({
  dimension,
  rows,
  metrics,
}: {
  dimension: ProDigitalDimension;
  rows: readonly ProDigitalRow[];
  metrics: readonly ProDigitalMetric[];
}) {
  const name = PRO_DIGITAL_DIMENSION_LABELS[dimension];
  if (rows.length === 0) return <p className={css.empty}>No {name.toLowerCase()} rows.</p>;
  return (
    <div className={css.tableWrap}>
      <table className={css.table}>
        <caption className="visually-hidden">
          Pro Digital by {name.toLowerCase()}: each rate in the airing windows over its baseline
        </caption>
        <thead>
          <tr>
            <th scope="col">{name}</th>
            <th scope="col">Airings</th>
            <th scope="col">Sessions in windows</th>
            {metrics.map((m) => (
              <th key={m} scope="col" title={PRO_DIGITAL_HELP[m]}>
                {PRO_DIGITAL_LABELS[m]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                {row.label}
                {row.directional && (
                  <>
                    {' '}
                    <span
                      className="badge badge--directional"
                      title="Fewer than 30 sessions in its windows: too few to be sure"
                    >
                      directional
                    </span>
                  </>
                )}
              </th>
              <td>{row.airings.toLocaleString('en-US')}</td>
              <td>{Math.round(row.window_sessions).toLocaleString('en-US')}</td>
              {metrics.map((m) => (
                <td key={m}>
                  <Pair metric={m} row={row} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The report's Pro Digital section (spec §1 "Pro Digital"): how the visitors inside airing
 * windows differ from the visitors those minutes usually bring. Website impact: new-user share,
 * engaged-session rate and average engagement time, each in the windows against the baseline,
 * as numbers and a bar chart; Detailed digital metrics: the same per station, daypart and
 * creative in tabs. Metrics the visits do not measure say so instead of showing 0; thin rows
 * carry "directional". Parts the server withheld show locked with Unlock (website_impact,
 * detailed_digital_metrics; the creative tab also needs Creative).
 */
export function ProDigitalSection({ section, locked = [], note }: ProDigitalSectionProps) {
  const [tab, setTab] = useState<ProDigitalDimension>('station');
  if (!section) return null;
  const metrics = PRO_DIGITAL_METRICS.filter((m) => section.available[m]);
  const missingEngagement = !section.available.engaged_rate || !section.available.engagement_time_s;
  const overall = section.overall;
  const creativesLocked = locked.includes('creatives') && tab === 'creative';
  return (
    <section className={`card ${css.section}`} aria-labelledby="pro-digital-title">
      <div className={css.head}>
        <h2 className="card__title" id="pro-digital-title">
          Pro Digital
        </h2>
        {note && <span className="card__hint">{note}</span>}
      </div>
      <p className={css.note}>{proDigitalMethodNote(section)}</p>
      {missingEngagement && (
        <p className={css.unavailable} role="note">
          {ENGAGEMENT_UNAVAILABLE}
        </p>
      )}
      <h3 className={css.subtitle}>
        Website impact
        {overall?.directional && (
          <>
            {' '}
            <span className="badge badge--directional">directional</span>
          </>
        )}
      </h3>
      {overall ? (
        <>
          <div className={css.metrics}>
            {PRO_DIGITAL_METRICS.map((m) =>
              section.available[m] ? (
                <MetricCompare key={m} metric={m} row={overall} />
              ) : (
                <div key={m} className={css.metric}>
                  <p className={css.metricName}>{PRO_DIGITAL_LABELS[m]}</p>
                  <p className={css.metricValues}>
                    <span className={css.metricBaseline}>{NOT_AVAILABLE}</span>
                  </p>
                </div>
              ),
            )}
          </div>
          <p className={css.legend} aria-hidden="true">
            <span>
              <span className={css.swatch} style={{ background: IN_WINDOW }} />
              In airing windows ({Math.round(overall.window_sessions).toLocaleString('en-US')}{' '}
              sessions)
            </span>
            <span>
              <span className={css.swatch} style={{ background: BASELINE }} />
              Baseline ({Math.round(overall.baseline_sessions).toLocaleString('en-US')} sessions)
            </span>
          </p>
        </>
      ) : locked.includes('website_impact') ? (
        <LockedSection section="website_impact" label="Website impact" />
      ) : null}
      <h3 className={css.subtitle}>Detailed digital metrics</h3>
      {section.tables ? (
        <BreakdownTabs
          tabs={PRO_DIGITAL_DIMENSIONS.map((d) => ({
            key: d,
            tab: PRO_DIGITAL_DIMENSION_LABELS[d],
          }))}
          active={tab}
          onChange={(key) => setTab(key as ProDigitalDimension)}
          label="Detailed digital metrics"
          idPrefix="pro-digital-"
        >
          {creativesLocked ? (
            <LockedSection section="creatives" label="Creative" />
          ) : (
            <DigitalTable dimension={tab} rows={section.tables[tab]} metrics={metrics} />
          )}
        </BreakdownTabs>
      ) : locked.includes('detailed_digital_metrics') ? (
        <LockedSection section="detailed_digital_metrics" label="Detailed digital metrics" />
      ) : null}
    </section>
  );
}
