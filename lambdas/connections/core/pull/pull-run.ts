/**
 * One run of the GA4 pull over one property (PullRun): the claim of its pull state, its days
 * pulled page by page within the property's token bucket, and the record of how the run ended
 * (progress, back-off, the turn to hourly, a revoked grant). pullProperty (pull-property.ts)
 * decides whether a run starts and drives it.
 */

import type { ConnectionRecord, PropertyPullState } from '#shared/connections/connections-store';
import { CONNECTION_MESSAGES, type PullProgress } from '#shared/contracts/connections.schema';
import { Conflict } from '#shared/errors';
import type { VisitsResolution } from '../../../imports/core/types';
import { AccessRevoked, QuotaExhausted } from './errors';
import { cachedDma, stageRows } from './ga4-rows';
import type { LocalClock } from './ga4-time';
import type { Ga4ReportPage, Ga4Row, PullDeps } from './ports';
import { backfillWindow, marksAfter, morePending, type PullPlan, progressOf } from './pull-plan';
import type { PullOutcome } from './pull-property';
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

/** Rows per runReport page (GA4 allows up to 250,000). */
export const GA4_PAGE_LIMIT = 100_000;

/** How one planned day went. */
export type DayResult =
  | { kind: 'ok'; utcDays: string[] }
  | { kind: 'quota'; retryAfterS: number | null }
  | { kind: 'withheld'; reason: string }
  | { kind: 'revoked' }
  | { kind: 'skipped' };

/** One run of the pull over one property: its state as claimed, its bucket and its plan. */
export class PullRun {
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
