import type { ReportView } from '#shared/contracts/report.schema';
import { hourlyNotice } from '#shared/report/pro-digital';
import css from './pro-digital-section.module.css';

/** Props of {@link HourlyNotice}. */
export interface HourlyNoticeProps {
  report: Pick<ReportView, 'settings' | 'visits_hourly'>;
}

/**
 * Says, near the chart, in plain words, that the report's visits are hourly and why (an hourly
 * upload, or Google Analytics giving a property only hourly data, with Google's reason), and
 * what that changes (method note §5.2). Nothing for minute visits.
 */
export function HourlyNotice({ report }: HourlyNoticeProps) {
  const text = hourlyNotice(report.settings.resolution, report.visits_hourly);
  if (!text) return null;
  return (
    <p className={css.unavailable} role="note" data-testid="hourly-notice">
      {text}
    </p>
  );
}
