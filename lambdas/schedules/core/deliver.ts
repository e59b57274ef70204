import type { Delivery, DeliveryMessage, Schedule } from '#shared/contracts/schedules.schema';
import type { RawMailer } from '#shared/mail/raw-mail';
import { DELIVERY_WORKER } from '#shared/workers';
import { deliveryMail, ownerFailureMail } from './deliver-mail';
import {
  type DeliveryDocument,
  type DeliveryDocuments,
  type DeliveryFiles,
  type DeliveryPeriod,
  DeliveryRefused,
  DeliverySkipped,
  type OwnerAccess,
  type UnsubscribeLinks,
} from './deliver-ports';
import { coveredRange } from './periods';
import type { DeliveriesStore, SchedulesStore } from './ports';

/** A PDF (and CSV) up to this many bytes rides in the e-mail; a bigger one goes as a link. */
export const MAX_ATTACHMENT_BYTES = 7 * 1024 * 1024;
/** How long the signed link to a delivered PDF (or CSV) works: 7 days, in seconds. */
export const DELIVERY_LINK_EXPIRES_S = 7 * 24 * 3600;
/**
 * Waits before each retry of a failed delivery, in seconds (1, 5 and 25 minutes): the first
 * attempt and three retries, so the fourth failure is final.
 */
export const DELIVERY_RETRY_DELAYS_S = [60, 300, 1500] as const;
/** Attempts before a delivery fails for good (the first one plus one per retry delay). */
export const MAX_DELIVERY_ATTEMPTS = DELIVERY_RETRY_DELAYS_S.length + 1;
/**
 * How long a duplicate trigger waits when it finds the period's delivery still `sending`
 * (seconds): a minute longer than a delivery worker may run, so when it comes back the first
 * worker has finished or died and the duplicate may take over.
 */
export const SENDING_LEASE_S = DELIVERY_WORKER.timeoutS + 60;
/** Said in the history and to the owner when a failure's own message is not for users. */
export const DELIVERY_GENERIC_FAILURE = 'The report could not be built or sent.';

/** Dependencies of {@link deliverScheduled}. */
export interface DeliverDeps {
  /** putSchedule pauses a schedule that can never send again (DeliveryRefused.pauseSchedule). */
  schedules: Pick<SchedulesStore, 'getSchedule' | 'putSchedule'>;
  deliveries: Pick<DeliveriesStore, 'claimDelivery' | 'saveDelivery'>;
  /** The owner still holds the `schedule` permission and the Schedule feature. */
  access: OwnerAccess;
  documents: DeliveryDocuments;
  files: DeliveryFiles;
  mailer: RawMailer;
  unsubscribe: UnsubscribeLinks;
  /** The web app's origin, e.g. `https://app.example.com` (links back in e-mails). */
  appOrigin: string;
  now: () => Date;
  /** Problems worth logging that do not change the outcome (the owner's notice failed). */
  report?: (problem: string, error: unknown) => void;
}

/** What became of one trigger message. */
export type DeliveryOutcome =
  /**
   * Nothing to do: schedule gone or paused, period already sent, failed or skipped, or taken by
   * another worker.
   */
  | { outcome: 'skipped'; reason: 'gone' | 'paused' | 'sent' | 'failed' | 'skipped' | 'taken' }
  /** Nothing to send by design this period (DeliverySkipped): recorded with its reason. */
  | { outcome: 'skipped'; reason: 'nothing_to_send'; delivery: Delivery }
  | { outcome: 'sent'; delivery: Delivery }
  /** Comes back after `afterS` seconds: a failed attempt, or a duplicate waiting out the lease. */
  | { outcome: 'retry'; afterS: number; delivery?: Delivery }
  | { outcome: 'failed'; delivery: Delivery };

/**
 * Delivers one occurrence of a schedule (the DeliveryQueue consumer; one delivery per schedule
 * and period, so a retried or duplicated trigger sends once).
 * Steps: 1. load the schedule (gone, paused or without recipients: nothing); 2. the period the
 * occurrence covers; 3. claim the period's delivery (claimPeriod's rules: a new one, a retry of a
 * failed attempt, or the takeover of a dead worker's; `sent`/`failed`: nothing); 4. the owner
 * may still schedule the client's reports (else it fails at once, saying why); 5. render the
 * document (the client's report with its saved settings, or a family); 6. keep the PDF (and
 * CSV) in the reports bucket with a 7-day signed link; 7. one e-mail per recipient not yet sent
 * to (each send is recorded, so a retry never mails anyone twice): the PDF attached up to
 * MAX_ATTACHMENT_BYTES, else the link, the unsubscribe link and List-Unsubscribe; 8. mark it
 * `sent`. On failure: attempts counted, `retrying` after DELIVERY_RETRY_DELAYS_S, `failed` after
 * MAX_DELIVERY_ATTEMPTS (or at once when it can never succeed) with the reason, and one e-mail
 * to the owner (a refusal no later period can escape, a deleted campaign, also pauses the
 * schedule). A period with nothing to send by design (DeliverySkipped) is `skipped` with the
 * reason, nobody mailed.
 * @param receiveCount how many times the queue has handed out this message (1 = first).
 */
export async function deliverScheduled(
  deps: DeliverDeps,
  message: DeliveryMessage,
  receiveCount: number,
): Promise<DeliveryOutcome> {
  const schedule = await deps.schedules.getSchedule(message.client_uid, message.schedule_id);
  if (!schedule) return { outcome: 'skipped', reason: 'gone' };
  if (schedule.paused || schedule.recipients.length === 0) {
    return { outcome: 'skipped', reason: 'paused' };
  }
  const range = coveredRange(schedule.range, new Date(message.occurrence_at), schedule.time_zone);
  const period: DeliveryPeriod = { start: range.start, end: range.end, key: range.period_key };
  const claim = await claimPeriod(deps, schedule, period, receiveCount);
  if (claim.outcome !== 'claimed') return claim;
  let delivery = claim.delivery;
  try {
    await deps.access.check(schedule);
    const doc = await deps.documents.render(schedule, period, schedule.format.csv);
    const parts = await keepFiles(deps, schedule, period, doc);
    for (const to of schedule.recipients) {
      if (delivery.recipients.includes(to)) continue;
      const unsubscribe = await deps.unsubscribe.link(schedule, to);
      await deps.mailer.send(deliveryMail({ schedule, period, doc, parts, to, unsubscribe }));
      delivery = await progress(deps, schedule, delivery, {
        ...delivery,
        recipients: [...delivery.recipients, to],
      });
    }
    const sent: Delivery = {
      ...delivery,
      status: 'sent',
      sent_at: deps.now().toISOString(),
      pdf_link: parts.pdfLink,
      attached: parts.pdfAttached,
    };
    delete sent.error;
    await deps.deliveries.saveDelivery(schedule.client_uid, sent, expectedOf(delivery));
    return { outcome: 'sent', delivery: sent };
  } catch (error) {
    if (error instanceof DeliverySkipped) return skipPeriod(deps, schedule, delivery, error);
    return failAttempt(deps, schedule, delivery, error);
  }
}

type Claim = DeliveryOutcome | { outcome: 'claimed'; delivery: Delivery };

/**
 * Claims the period's delivery for this message.
 * Rules: none yet -> a new `sending` delivery (attempt 1; the conditional put lets one trigger
 * win); `sent`, `failed` or `skipped` -> nothing (idempotent); `retrying` -> this attempt, when the stored
 * status and attempts still match (two copies of a message cannot both proceed); `sending` on
 * a message's first receive -> another worker holds it: come back after SENDING_LEASE_S;
 * `sending` on a message received before -> its worker died (the message came back after the
 * queue's visibility timeout, longer than a worker runs): take over.
 */
async function claimPeriod(
  deps: DeliverDeps,
  schedule: Schedule,
  period: DeliveryPeriod,
  receiveCount: number,
): Promise<Claim> {
  const fresh: Delivery = {
    schedule_id: schedule.schedule_id,
    period_key: period.key,
    status: 'sending',
    attempts: 1,
    recipients: [],
    attached: false,
  };
  const claim = await deps.deliveries.claimDelivery(schedule.client_uid, fresh);
  if (claim.claimed) return { outcome: 'claimed', delivery: fresh };
  const existing = claim.existing;
  if (existing.status === 'sent' || existing.status === 'failed' || existing.status === 'skipped') {
    return { outcome: 'skipped', reason: existing.status };
  }
  if (existing.status === 'sending' && receiveCount <= 1) {
    return { outcome: 'retry', afterS: SENDING_LEASE_S };
  }
  const next: Delivery = { ...existing, status: 'sending', attempts: existing.attempts + 1 };
  const won = await deps.deliveries.saveDelivery(schedule.client_uid, next, expectedOf(existing));
  return won ? { outcome: 'claimed', delivery: next } : { outcome: 'skipped', reason: 'taken' };
}

const expectedOf = (d: Delivery): Pick<Delivery, 'status' | 'attempts'> => ({
  status: d.status,
  attempts: d.attempts,
});

/** Records a recipient sent to; losing the delivery to another worker stops this one. */
async function progress(
  deps: DeliverDeps,
  schedule: Schedule,
  before: Delivery,
  after: Delivery,
): Promise<Delivery> {
  const saved = await deps.deliveries.saveDelivery(schedule.client_uid, after, expectedOf(before));
  if (!saved) throw new Error('The delivery was taken over by another worker.');
  return after;
}

/** The files of a delivery as the e-mails carry them. */
export interface DeliveryParts {
  pdfAttached: boolean;
  /** Signed link to the PDF, valid DELIVERY_LINK_EXPIRES_S. */
  pdfLink: string;
  /** Attached CSV (null: none, or linked instead). */
  csvAttached: boolean;
  /** Signed link to the CSV when it was too big to attach. */
  csvLink: string | null;
  /** When the links stop working (UTC ISO). */
  linksExpireAt: string;
}

/**
 * Step 5: the PDF (and CSV) under `schedules/<client_uid>/<schedule_id>/<start>_<end>.*` of the
 * reports bucket, each with a 7-day link; what fits MAX_ATTACHMENT_BYTES (PDF first) is attached.
 */
async function keepFiles(
  deps: DeliverDeps,
  schedule: Schedule,
  period: DeliveryPeriod,
  doc: DeliveryDocument,
): Promise<DeliveryParts> {
  const base = `schedules/${schedule.client_uid}/${schedule.schedule_id}/${period.start}_${period.end}`;
  await deps.files.put(`${base}.pdf`, doc.pdf, 'application/pdf');
  const pdfLink = await deps.files.link(`${base}.pdf`, doc.fileName, DELIVERY_LINK_EXPIRES_S);
  const pdfAttached = doc.pdf.byteLength <= MAX_ATTACHMENT_BYTES;
  let csvAttached = false;
  let csvLink: string | null = null;
  if (doc.csv !== null) {
    const bytes = new TextEncoder().encode(doc.csv).byteLength;
    csvAttached = bytes + (pdfAttached ? doc.pdf.byteLength : 0) <= MAX_ATTACHMENT_BYTES;
    if (!csvAttached) {
      const csvName = doc.fileName.replace(/\.pdf$/, '.csv');
      await deps.files.put(`${base}.csv`, new TextEncoder().encode(doc.csv), 'text/csv');
      csvLink = await deps.files.link(`${base}.csv`, csvName, DELIVERY_LINK_EXPIRES_S);
    }
  }
  const linksExpireAt = new Date(deps.now().getTime() + DELIVERY_LINK_EXPIRES_S * 1000);
  return { pdfAttached, pdfLink, csvAttached, csvLink, linksExpireAt: linksExpireAt.toISOString() };
}

/** A period with nothing to send by design: recorded `skipped` with the reason; nobody mailed. */
async function skipPeriod(
  deps: DeliverDeps,
  schedule: Schedule,
  delivery: Delivery,
  skip: DeliverySkipped,
): Promise<DeliveryOutcome> {
  const next: Delivery = { ...delivery, status: 'skipped', error: skip.message };
  const saved = await deps.deliveries.saveDelivery(schedule.client_uid, next, expectedOf(delivery));
  if (!saved) return { outcome: 'skipped', reason: 'taken' };
  return { outcome: 'skipped', reason: 'nothing_to_send', delivery: next };
}

/**
 * A failed attempt: `retrying` with the next delay, or `failed` for good (the last attempt, or a
 * DeliveryRefused) with the reason and one e-mail to the schedule's owner. The reason is the
 * error's own message only when it is meant for users (DeliveryRefused).
 */
async function failAttempt(
  deps: DeliverDeps,
  schedule: Schedule,
  delivery: Delivery,
  error: unknown,
): Promise<DeliveryOutcome> {
  const final = error instanceof DeliveryRefused || delivery.attempts >= MAX_DELIVERY_ATTEMPTS;
  const reason = error instanceof DeliveryRefused ? error.message : DELIVERY_GENERIC_FAILURE;
  const next: Delivery = { ...delivery, status: final ? 'failed' : 'retrying', error: reason };
  // A refusal is an outcome (recorded with its reason), not a fault worth an error log.
  if (!(error instanceof DeliveryRefused)) deps.report?.('delivery attempt failed', error);
  const saved = await deps.deliveries.saveDelivery(schedule.client_uid, next, expectedOf(delivery));
  // Another worker took the delivery over: its outcome stands.
  if (!saved) return { outcome: 'skipped', reason: 'taken' };
  if (!final) {
    const afterS = DELIVERY_RETRY_DELAYS_S[delivery.attempts - 1] ?? DELIVERY_RETRY_DELAYS_S[0];
    return { outcome: 'retry', afterS, delivery: next };
  }
  if (error instanceof DeliveryRefused && error.pauseSchedule) {
    // No later period can succeed: paused, so the owner is told once, not every period.
    await deps.schedules.putSchedule({ ...schedule, paused: true, next_run_at: null });
  }
  try {
    await deps.mailer.send(ownerFailureMail(schedule, next, deps.appOrigin));
  } catch (mailError) {
    // The failure is recorded in the history; the notice is not retried (it would repeat).
    deps.report?.('owner notice failed', mailError);
  }
  return { outcome: 'failed', delivery: next };
}
