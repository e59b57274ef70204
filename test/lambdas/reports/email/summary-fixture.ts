import type { ReportDocument } from '#shared/contracts/report.schema';
import type { RawMail, RawMailer } from '#shared/mail/raw-mail';
import { reportDoc, summary } from '../print/fixtures';

/**
 * A report with a comparison period (February against March), so every KPI has a change, and
 * tables where a daypart and a day of the week win (stations and programs are too thin).
 */
export function comparedReport(over: Partial<ReportDocument> = {}): ReportDocument {
  return reportDoc({
    report_compare_date_start: '2024-02-01',
    report_compare_date_end: '2024-02-29',
    compare: {
      summary: summary({ airings: 100, attributed_visits: 1000, cost_per_visit_cents: 120 }),
      tables: reportDoc().tables,
    },
    ...over,
  });
}

/** Keeps every message it is asked to send. */
export class MemoryRichMailer implements RawMailer {
  readonly sent: RawMail[] = [];
  async send(mail: RawMail) {
    this.sent.push(mail);
  }
}

/** A 1x1 PNG, as the chart imager answers in tests (records the SVGs it was given). */
export class FakeChartImager {
  readonly svgs: string[] = [];
  async png(svg: string) {
    this.svgs.push(svg);
    return new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  }
}
