import type { ReactNode } from 'react';
import { formatDateMDY } from '#shared/format';

/** Props of the report header. */
export interface ReportHeadProps {
  title: string;
  /** The report period as text (M/D/Y range) or a hint. */
  dateRange: string;
  /** When the report was generated (ISO instant); none without a report. @default none */
  generatedAt?: string;
  /** The comparison period as text; none without one. @default none */
  compareRange?: string;
  sample: boolean;
  /** Mount point for report actions (save, print, customize: other components). @default none */
  toolbar?: ReactNode;
}

/** The report's title, period, comparison period, sample badge and action toolbar. */
export function ReportHead({
  title,
  dateRange,
  generatedAt,
  compareRange,
  sample,
  toolbar,
}: ReportHeadProps) {
  return (
    <div className="report-head">
      <div>
        <h1 className="report-head__title">{title}</h1>
        <p className="report-head__meta">
          <span data-testid="date-range">{dateRange}</span>
          {compareRange && <span> · compared with {compareRange}</span>}
          {generatedAt && <span> · Generated {formatDateMDY(generatedAt)}</span>}
        </p>
      </div>
      <div className="report-head__side">
        {sample && <span className="badge badge--sample">Sample data</span>}
        {toolbar}
      </div>
    </div>
  );
}
