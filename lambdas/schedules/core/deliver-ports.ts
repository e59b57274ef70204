import type { Schedule } from '#shared/contracts/schedules.schema';

/**
 * Ports of a scheduled delivery (deliver.ts): the e-mail that leaves (the shared RawMailer, #shared/mail/raw-mail), where the PDF is kept and
 * linked from, what renders the document of a period, and how a failed message waits before it
 * comes back. The stored schedules and deliveries are ports.ts (SchedulesStore,
 * DeliveriesStore).
 */

/** Where delivered PDFs and CSVs are kept (the reports bucket) and linked from. */
export interface DeliveryFiles {
  /** Stores a file at an object key with its content type. */
  put(key: string, content: Uint8Array, contentType: string): Promise<void>;
  /**
   * A link, valid `expiresS` seconds from now, that downloads the object as `fileName` (the
   * public delivery_file route's signed token link; never a presigned URL that dies with the
   * worker's role session).
   */
  link(key: string, fileName: string, expiresS: number): Promise<string>;
}

/** A period a delivery covers: local dates in the schedule's zone, inclusive. */
export interface DeliveryPeriod {
  /** YYYY-MM-DD, first day. */
  start: string;
  /** YYYY-MM-DD, last day (inclusive). */
  end: string;
  /** The idempotency half of the delivery key: `start..end`. */
  key: string;
}

/** What a delivery sends: the PDF, its file name and title, the optional CSV of its tables. */
export interface DeliveryDocument {
  /** E.g. `Acme Furniture: 11/16/2026 - 11/22/2026`. */
  title: string;
  pdf: Uint8Array;
  /** `<name>.pdf`; the CSV, when asked for, is the same name with `.csv`. */
  fileName: string;
  /** CSV of every table (RFC 4180, CRLF), or null when the schedule asks for none. */
  csv: string | null;
}

/**
 * Renders what a schedule sends for one period: the client's report with its saved settings
 * (deliver-report.ts) or a generated family.
 * @throws DeliveryRefused when it can never be sent (no data in the period, the owner lost the
 *   client, an unknown kind): the delivery fails at once, without retries.
 */
export interface DeliveryDocuments {
  render(schedule: Schedule, period: DeliveryPeriod, csv: boolean): Promise<DeliveryDocument>;
}

/**
 * The unsubscribe link of one recipient of one schedule (a signed token the public
 * schedule_unsubscribe route checks).
 */
export interface UnsubscribeLinks {
  link(schedule: Schedule, email: string): Promise<string>;
}

/**
 * Whether the schedule's owner may still schedule the client's reports (the `schedule`
 * permission on the client and the Schedule feature, as when the schedule was made).
 * @throws DeliveryRefused saying what the owner lost.
 */
export interface OwnerAccess {
  check(schedule: Schedule): Promise<void>;
}

/**
 * A delivery that can never succeed by retrying: the reason is final and user-safe.
 * `pauseSchedule`: no later period can succeed either (the schedule's campaign was deleted), so
 * the schedule is paused and its owner told once instead of every period.
 */
export class DeliveryRefused extends Error {
  readonly pauseSchedule: boolean;
  constructor(message: string, options: { pauseSchedule?: boolean } = {}) {
    super(message);
    this.name = 'DeliveryRefused';
    this.pauseSchedule = options.pauseSchedule ?? false;
  }
}

/**
 * A period with nothing to send by design (a month outside the schedule's campaign flight): the
 * delivery is recorded `skipped` with this user-safe reason; nobody is mailed, the owner neither.
 */
export class DeliverySkipped extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliverySkipped';
  }
}
