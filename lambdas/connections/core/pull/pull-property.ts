import type {
  ConnectionRecord,
  PropertyPullState,
} from '../../../../layers/shared/connections/connections-store';
import {
  CONNECTION_MESSAGES,
  type PullProgress,
} from '../../../../layers/shared/contracts/connections.schema';
import { Conflict } from '../../../../layers/shared/errors';
import { GA_PULL_WORKER } from '../../../../layers/shared/workers';
import type { VisitsResolution } from '../../../imports/core/types';
import { AccessRevoked, QuotaExhausted } from './errors';
import { cachedDma, stageRows } from './ga4-rows';
import { LocalClock } from './ga4-time';
import type { Ga4ReportPage, Ga4Row, PullDeps } from './ports';
import type { PullMessage } from './pull-message';
import {
  backfillWindow,
  marksAfter,
  morePending,
  type PullPlan,
  planPull,
  progressOf,
} from './pull-plan';
import {
  affordable,
  charge,
  DEFAULT_BACKOFF_S,
  GA4_QUOTA,
  type PropertyQuota,
  PULL_CONCURRENCY,
  type QuotaBucket,
  refill,
  sqsDelay,
  waitSeconds,
} from './quota';
import { rebuildVisitDays } from './rebuild-visits';

/** Rows per runReport page (GA4 allows up to 250,000). */
export const GA4_PAGE_LIMIT = 100_000;

/**
 * How long a started pull owns its property, seconds (the worker's timeout): another message
 * for the property meanwhile is dropped, and after it a pull that died is taken over.
 */
export const RUN_LEASE_S = GA_PULL_WORKER.timeoutS;

/** What one message did. */
export type PullOutcome =
  /** No pull state (the property was removed): nothing to do. */
  | { kind: 'gone' }
  /** The connection is gone or invalid: nothing to pull until it is reconnected. */
  | { kind: 'inactive' }
  /** Another pull of the property holds it. */
  | { kind: 'busy' }
  /** Backing off: the pull is due later (a retry message is queued, delayed). */
  | { kind: 'deferred'; delayS: number }
  /** Days were pulled (or none, when the quota had none to give). */
  | {
      kind: 'pulled';
      days: number;
      /** The days in: from `from` (once the backfill is done: done_through) to `to`. */
      from: string;
      to: string;
      doneThrough: string | null;
      progress: number;
      /** Seconds before the next message for the property, or null when none is queued. */
      nextInS: number | null;
    }
  /** Google withholds the property's minutes: it now pulls hours, from the start again. */
  | { kind: 'hourly'; reason: string }
  /** The grant is gone: the connection is invalid, the owner is told. */
  | { kind: 'revoked' };

/** How one planned day went. */
type DayResult =
  | { kind: 'ok'; utcDays: string[] }
  | { kind: 'quota'; retryAfterS: number | null }
  | { kind: 'withheld'; reason: string }
  | { kind: 'revoked' }
  | { kind: 'skipped' };

/**
 * Pulls one connected property (a GaPull message): the next days of its backfill, or the hourly
 * re-pull of the last days, within its GA4 quota.
 * Steps: 1. read the pull state and the connection (nothing to do when either is gone or
 * invalid); 2. a back-off still running re-delays a retry message and drops others; a pull of
 * the property already running keeps it; 3. claim the property (conditional write) and refill
 * its token bucket; 4. plan the days (pull-plan.ts) and pull them, PULL_CONCURRENCY at a time,
 * while the bucket affords a request, each day paged and staged (Ga4Staging) as it arrives;
 * 5. rebuild the client's visits partitions of the UTC days staged (rebuildVisitDays);
 * 6. record progress (pull-plan.ts marksAfter: the unbroken run of days pulled), the bucket
 * and any back-off; 7. queue the next message when days are left (delayed by the quota's wait), turn
 * the property hourly when Google withholds minutes, or mark the connection invalid and tell
 * the owner when its access is gone.
 * @throws Conflict when another writer changed the pull state meanwhile (SQS retries it), and
 *   whatever else fails (Google 5xx, S3, DynamoDB): the message is retried; days already
 *   staged are pulled again, never counted twice.
 */
export async function pullProperty(deps: PullDeps, message: PullMessage): Promise<PullOutcome> {
  const { client_uid: clientUid, property_id: propertyId } = message;
  const state = await deps.store.getPropertyState(clientUid, propertyId);
  if (!state) return { kind: 'gone' };
  const connection = await deps.store.getConnection(clientUid, state.connection_id);
  if (connection?.status !== 'active') return { kind: 'inactive' };

  const now = deps.now();
  const retryAt = state.retry_after ? Date.parse(state.retry_after) : Number.NaN;
  if (retryAt > now.getTime()) {
    // Only the back-off's own message carries on; others would just multiply.
    if (message.reason !== 'retry') return { kind: 'busy' };
    const delayS = sqsDelay((retryAt - now.getTime()) / 1000);
    await deps.queue.send([{ ...message, reason: 'retry' }], delayS);
    return { kind: 'deferred', delayS };
  }
  if (
    state.pull.state === 'running' &&
    now.getTime() - Date.parse(state.quota_at) < RUN_LEASE_S * 1000
  ) {
    return { kind: 'busy' };
  }

  const clock = new LocalClock(state.time_zone || 'UTC');
  const today = clock.localDay(now);
  const plan = planPull(state.pull, today);
  const run = new PullRun(deps, connection, state, clock, plan, now);
  const claimed = await run.claim();
  if (!claimed) return { kind: 'busy' };
  const results = await run.pullDays();
  await rebuildVisitDays(
    deps,
    clientUid,
    results.flatMap((r) => (r.kind === 'ok' ? r.utcDays : [])),
  );

  const revoked = results.some((r) => r.kind === 'revoked');
  if (revoked) return run.revoke();
  const withheld = results.find((r) => r.kind === 'withheld');
  if (withheld?.kind === 'withheld') return run.turnHourly(withheld.reason);
  return run.finish(results);
}

/** One run of the pull over one property: its state as claimed, its bucket and its plan. */
class PullRun {
  private bucket: QuotaBucket;
  private lastQuota: PropertyQuota | null = null;
  private timeZone: string;
  private current: PropertyPullState;
  private readonly resolution: VisitsResolution;
  private readonly dma: (city: string, region: string, country: string) => string;

  constructor(
    private readonly deps: PullDeps,
    private readonly connection: ConnectionRecord,
    state: PropertyPullState,
    private readonly clock: LocalClock,
    private readonly plan: PullPlan,
    private readonly now: Date,
  ) {
    this.current = state;
    this.timeZone = state.time_zone;
    this.resolution = state.resolution;
    this.dma = cachedDma(deps.dmaFor);
    // A bucket never filled (no valid time yet) starts full.
    const atMs = Date.parse(state.quota_at);
    this.bucket = Number.isFinite(atMs)
      ? refill({ tokens: state.quota_tokens, atMs }, now.getTime())
      : { tokens: GA4_QUOTA.tokensPerHour, atMs: now.getTime() };
  }

  /** Marks the property running (its lease starts now). @returns false when another pull won. */
  async claim(): Promise<boolean> {
    const pull: PullProgress = {
      ...this.current.pull,
      state: 'running',
      from: this.plan.window.from,
      to: this.plan.window.to,
      message: null,
    };
    return this.save({ pull, retry_after: null }, true);
  }

  /** Pulls the plan's days while the bucket affords them; one result per planned day. */
  async pullDays(): Promise<DayResult[]> {
    const days = this.plan.days;
    const results: DayResult[] = days.map(() => ({ kind: 'skipped' }));
    let next = 0;
    let stop = false;
    const worker = async () => {
      while (!stop && next < days.length) {
        if (affordable(this.bucket) < 1) {
          stop = true;
          break;
        }
        const i = next++;
        try {
          results[i] = await this.pullDay(days[i]!);
        } catch (error) {
          stop = true;
          throw error;
        }
        if (results[i]!.kind !== 'ok') stop = true;
      }
    };
    // Every worker ends before the run goes on (none is left writing in the background).
    const settled = await Promise.allSettled(
      Array.from({ length: Math.min(PULL_CONCURRENCY, days.length) }, worker),
    );
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return results;
  }

  /** One report day: every page, then staged per UTC day. */
  private async pullDay(day: string): Promise<DayResult> {
    const rows: Ga4Row[] = [];
    let page: Ga4ReportPage;
    try {
      do {
        page = await this.deps.ga4.runReport(this.connection, {
          propertyId: this.current.property_id,
          date: day,
          resolution: this.resolution,
          offset: rows.length,
          limit: GA4_PAGE_LIMIT,
        });
        this.bucket = charge(this.bucket, page.quota);
        if (page.quota) this.lastQuota = page.quota;
        if (page.timeZone) this.timeZone = page.timeZone;
        const reason = withheldReason(page);
        if (reason && this.resolution === 'minute') return { kind: 'withheld', reason };
        rows.push(...page.rows);
      } while (page.rows.length > 0 && rows.length < page.rowCount);
    } catch (error) {
      if (error instanceof QuotaExhausted) return { kind: 'quota', retryAfterS: error.retryAfterS };
      if (error instanceof AccessRevoked) return { kind: 'revoked' };
      throw error;
    }
    const utcDays = this.clock.utcDaysOf(day);
    const staged = stageRows(rows, this.resolution, this.clock, this.dma, utcDays);
    await this.deps.staging.putLocalDay(
      this.current.client_uid,
      this.current.property_id,
      day,
      staged,
    );
    return { kind: 'ok', utcDays: [...staged.keys()] };
  }

  /** Records the run: progress, bucket, back-off; queues the next message when days are left. */
  async finish(results: readonly DayResult[]): Promise<PullOutcome> {
    const pulled = results.map((r) => r.kind === 'ok');
    const marks = marksAfter(this.plan, this.current.pull, pulled);
    const doneThrough = marks.done_through;
    const progress = progressOf(marks, doneThrough);
    const quotaHit = results.find((r) => r.kind === 'quota');
    const more = morePending(marks, this.clock.localDay(this.now));
    let waitS = waitSeconds(this.bucket, this.lastQuota);
    if (quotaHit?.kind === 'quota') {
      waitS = Math.max(waitS, quotaHit.retryAfterS ?? DEFAULT_BACKOFF_S);
    }
    const waiting = more && waitS > 0;
    const retryAt = waiting ? new Date(this.now.getTime() + waitS * 1000) : null;
    const any = pulled.some(Boolean);
    const saved = await this.save({
      pull: {
        ...this.current.pull,
        state: waiting ? 'waiting_quota' : more ? 'queued' : 'done',
        progress,
        ...marks,
        last_pull_at: any ? this.now.toISOString() : this.current.pull.last_pull_at,
        message: retryAt
          ? `Google's quota for this property is used up for now; the pull resumes at ${retryAt.toISOString().slice(11, 16)} UTC.`
          : null,
      },
      retry_after: retryAt ? retryAt.toISOString() : null,
    });
    if (!saved) return { kind: 'gone' };
    if (more) {
      const message = {
        client_uid: this.current.client_uid,
        property_id: this.current.property_id,
        reason: waiting ? ('retry' as const) : ('backfill' as const),
      };
      await this.deps.queue.send([message], waiting ? sqsDelay(waitS) : 0);
    }
    return {
      kind: 'pulled',
      days: pulled.filter(Boolean).length,
      from: marks.from,
      to: marks.to,
      doneThrough,
      progress,
      nextInS: more ? (waiting ? waitS : 0) : null,
    };
  }

  /**
   * Google withholds this property's minutes: from now on it pulls hours (dateHour), from the
   * backfill's first day again, so every day of it is hourly (its minute parts are replaced day
   * by day); the client's status follows (lite_connected unless another property gives minutes).
   */
  async turnHourly(reason: string): Promise<PullOutcome> {
    const window = backfillWindow(this.clock.localDay(this.now));
    const saved = await this.save({
      resolution: 'hour',
      hourly_reason: reason,
      pull: {
        ...this.current.pull,
        state: 'queued',
        progress: 0,
        from: window.from,
        to: window.to,
        done_through: null,
        message: reason,
      },
      retry_after: null,
    });
    if (!saved) return { kind: 'gone' };
    await this.deps.events.refreshClientStatus(this.current.client_uid);
    await this.deps.queue.send([
      {
        client_uid: this.current.client_uid,
        property_id: this.current.property_id,
        reason: 'backfill',
      },
    ]);
    return { kind: 'hourly', reason };
  }

  /**
   * The grant is gone: the connection turns invalid (its properties' pulls stop, with the reason
   * shown), the client's status is recomputed and its owner mailed. Pulled visits stay.
   */
  async revoke(): Promise<PullOutcome> {
    const { client_uid: clientUid } = this.connection;
    const fresh = await this.deps.store.getConnection(clientUid, this.connection.connection_id);
    if (fresh && fresh.status === 'active') {
      await this.deps.store.putConnection({
        ...fresh,
        status: 'invalid',
        invalid_reason: CONNECTION_MESSAGES.accessLost,
        version: fresh.version + 1,
      });
      await this.save({
        pull: { ...this.current.pull, state: 'failed', message: CONNECTION_MESSAGES.accessLost },
        retry_after: null,
      });
      for (const other of await this.deps.store.listPropertyStates(clientUid)) {
        if (other.connection_id !== fresh.connection_id) continue;
        if (other.property_id === this.current.property_id) continue;
        await this.deps.store.putPropertyState({
          ...other,
          pull: { ...other.pull, state: 'failed', message: CONNECTION_MESSAGES.accessLost },
          version: other.version + 1,
        });
      }
      await this.deps.events.refreshClientStatus(clientUid);
      await this.deps.events.accessLost(fresh);
    }
    return { kind: 'revoked' };
  }

  /**
   * Writes the pull state with `patch` (and the bucket, the time zone Google reports),
   * conditional on the version read.
   * @returns false when `claiming` and another writer got there first, or when the property was
   *   removed meanwhile (connection_remove: its visits stay, nothing more to record).
   * @throws Conflict when another writer changed it after the claim.
   */
  private async save(
    patch: Partial<
      Pick<PropertyPullState, 'pull' | 'retry_after' | 'resolution' | 'hourly_reason'>
    >,
    claiming = false,
  ): Promise<boolean> {
    const next: PropertyPullState = {
      ...this.current,
      ...patch,
      time_zone: this.timeZone,
      quota_tokens: Math.round(this.bucket.tokens * 1000) / 1000,
      quota_at: new Date(claiming ? this.now.getTime() : this.bucket.atMs).toISOString(),
      version: this.current.version + 1,
    };
    try {
      await this.deps.store.putPropertyState(next);
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      if (claiming) return false;
      const { client_uid: c, property_id: p } = this.current;
      if ((await this.deps.store.getPropertyState(c, p)) === null) return false;
      throw error;
    }
    this.current = next;
    return true;
  }
}

/** Why a page's minutes cannot be trusted, in words for the user; null when they can. */
export function withheldReason(page: Pick<Ga4ReportPage, 'withheld'>): string | null {
  const w = page.withheld;
  if (w.thresholded) {
    return 'Google withholds minute rows of this property below its privacy thresholds, so its visits come by the hour.';
  }
  if (w.sampled) {
    return 'Google samples this property’s minute reports, so its visits come by the hour.';
  }
  if (w.otherRow) {
    return 'Google folds part of this property’s minute rows into “(other)”, so its visits come by the hour.';
  }
  return null;
}
