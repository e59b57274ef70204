import {
  type CallFollowup,
  type CallRecord,
  type CallSearchHit,
  callStatusText,
} from '#shared/contracts/call-record';
import {
  compareFollowups,
  type FollowupChange,
  type FollowupSlot,
  followupChange,
  followupDays,
  followupEntry,
  followupSlot,
  timeSlot,
} from '../core/followup-index';
import { nameMatches, rankHits, words } from '../core/name-search';
import { newCallRecord, withFacts } from '../core/new-record';
import type { ActivityEntry, CallFacts, CallRecordStore, SaveOutcome } from '../core/ports';

/**
 * CallRecordStore in memory, with the DynamoDB store's semantics (tests, and the local tools
 * that need no table): conditional saves on updated_at, one history entry per activity id,
 * word-prefix name search, a follow-up index moved by each save. Records are copied in and out,
 * so callers never share state with it.
 */
export class MemoryCallRecordStore implements CallRecordStore {
  private readonly records = new Map<string, CallRecord>();
  /** Every saved activity with its record id, oldest first. */
  readonly history: Array<ActivityEntry & { record_id: string }> = [];

  /** The follow-up index by `<day>|<time or 99:99>#<id>`, like the DynamoDB items. */
  private readonly followups = new Map<string, CallFollowup>();

  constructor(records: readonly CallRecord[] = []) {
    for (const r of records) this.put(r);
  }

  /**
   * Stores a record as it is (seeding tests; no history entry). A pending follow-up is indexed
   * as set by an unknown agent (agent_email '').
   */
  put(record: CallRecord): void {
    const old = followupSlot(this.records.get(record.id));
    this.records.set(record.id, structuredClone(record));
    this.apply({ remove: old, put: followupEntry(record, '') });
  }

  /** All records, by id. */
  all(): CallRecord[] {
    return [...this.records.values()].map((r) => structuredClone(r));
  }

  async get(id: string): Promise<CallRecord | null> {
    const record = this.records.get(id);
    return record ? structuredClone(record) : null;
  }

  async search(text: string, limit: number): Promise<CallSearchHit[]> {
    const searchWords = words(text);
    if (searchWords.length === 0) return [];
    const hits = [...this.records.values()]
      .filter((r) => nameMatches(r.name, searchWords))
      .map((r) => ({
        id: r.id,
        name: r.name,
        industry: r.industry,
        status_text: callStatusText(r),
        airings: r.airings,
      }));
    return rankHits(hits, text, limit);
  }

  async hasActivity(id: string, activityId: string): Promise<boolean> {
    return this.history.some((e) => e.activity_id === activityId && e.record_id === id);
  }

  async saveActivity(
    next: CallRecord,
    previous: CallRecord,
    entry: ActivityEntry,
  ): Promise<SaveOutcome> {
    if (await this.hasActivity(next.id, entry.activity_id)) return 'duplicate';
    const stored = this.records.get(next.id);
    if (!stored || stored.updated_at !== previous.updated_at) return 'conflict';
    this.records.set(next.id, structuredClone(next));
    this.history.push({ ...structuredClone(entry), record_id: next.id });
    this.apply(followupChange(stored, next, entry));
    return 'saved';
  }

  async upsertFacts(
    facts: readonly CallFacts[],
    now: Date,
  ): Promise<{ created: number; updated: number }> {
    let created = 0;
    let updated = 0;
    for (const f of facts) {
      const stored = this.records.get(f.id);
      if (stored) {
        this.records.set(f.id, structuredClone(withFacts(stored, f, now)));
        this.rename(followupSlot(stored), f);
        updated += 1;
      } else {
        this.records.set(f.id, structuredClone(newCallRecord(f, now)));
        created += 1;
      }
    }
    return { created, updated };
  }

  async followupsDue(fromDay: string, toDay: string): Promise<CallFollowup[]> {
    const days = new Set(followupDays(fromDay, toDay));
    return [...this.followups.values()]
      .filter((f) => days.has(f.day))
      .sort(compareFollowups)
      .map((f) => structuredClone(f));
  }

  private static slotKey(s: FollowupSlot): string {
    return `${s.day}|${s.slot}#${s.id}`;
  }

  /** Applies a save's index change (the remove first: a put may take the same slot). */
  private apply(change: FollowupChange): void {
    if (change.remove) this.followups.delete(MemoryCallRecordStore.slotKey(change.remove));
    const f = change.put;
    if (f)
      this.followups.set(
        MemoryCallRecordStore.slotKey({ id: f.id, day: f.day, slot: timeSlot(f.time) }),
        structuredClone(f),
      );
  }

  /** A refresh's new name and industry on an indexed follow-up. */
  private rename(slot: FollowupSlot | null, facts: CallFacts): void {
    const f = slot && this.followups.get(MemoryCallRecordStore.slotKey(slot));
    if (f) Object.assign(f, { name: facts.name, industry: facts.industry });
  }
}
