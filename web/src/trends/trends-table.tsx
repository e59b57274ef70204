import { format, parseISO } from 'date-fns';
import type { WeeklyTrendsResult } from '#shared/contracts/weekly-trends.schema';
import { formatChange, trendBadge } from './trend-badge';
import { TrendChart } from './trend-chart';
import styles from './trends.module.css';

const BADGE_CLASS = { up: 'badge--ok', down: 'badge--down', none: 'badge--muted' } as const;

/** Props of {@link TrendsTable}. */
export interface TrendsTableProps {
  data: WeeklyTrendsResult;
}

/**
 * One row per industry: its weekly new-user change for each week (week ending on the column's
 * date, over the week before), the average as a badge (spec §9 "Trend badge"; no badge column
 * when `show_badges` is false, spec §6 user type self), and a small line of new users.
 */
export function TrendsTable({ data }: TrendsTableProps) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">
          Weekly change in new users by industry, for weeks ending{' '}
          {data.week_ends.map((d) => format(parseISO(d), 'MMM d')).join(', ')}
        </caption>
        <thead>
          <tr>
            <th scope="col">Industry</th>
            <th scope="col" className={styles.num}>
              Advertisers
            </th>
            {data.week_ends.map((end) => (
              <th key={end} scope="col" className={styles.num}>
                <abbr title={`Week ending ${end}`}>{format(parseISO(end), 'MMM d')}</abbr>
              </th>
            ))}
            {data.show_badges && <th scope="col">Average</th>}
            <th scope="col">New users</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => {
            const badge = trendBadge(row.avg_change_pct);
            return (
              <tr key={row.industry_id}>
                <th scope="row" className={styles.industry}>
                  {row.name}
                  {row.parent_name && <span className={styles.parent}>{row.parent_name}</span>}
                </th>
                <td className={styles.num}>{row.advertisers.toLocaleString('en-US')}</td>
                {data.week_ends.map((end, i) => {
                  const change = row.changes[i] ?? null;
                  return (
                    <td
                      key={end}
                      className={`${styles.num} ${change === null ? '' : change < 0 ? styles.down : styles.up}`}
                    >
                      {formatChange(change)}
                    </td>
                  );
                })}
                {data.show_badges && (
                  <td>
                    <span className={`badge ${BADGE_CLASS[badge.tone]}`} data-tone={badge.tone}>
                      {badge.tone === 'none' && <span aria-hidden="true">⊘ </span>}
                      {badge.text}
                    </span>
                  </td>
                )}
                <td>
                  <TrendChart name={row.name} newUsers={row.new_users} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
