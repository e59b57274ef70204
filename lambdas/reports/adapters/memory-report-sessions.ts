import type {
  FreeReportUsage,
  ReportSettingsStore,
  SavedReportRecord,
  SavedReportsStore,
  StoredSettings,
} from '../core/report-session-ports';
import { newestFirst, plain } from './session-records';

/**
 * The report-session ports in memory, for tests and quick local runs; same behaviour as
 * DynamoReportSessions (the adapter suite in test/lambdas/reports/adapters runs both).
 */
export class MemoryReportSessions
  implements ReportSettingsStore, SavedReportsStore, FreeReportUsage
{
  readonly settings = new Map<string, StoredSettings>();
  readonly saved = new Map<string, SavedReportRecord>();
  readonly usage = new Map<string, Set<string>>();

  async getSettings(userId: string, clientUid: string) {
    const value = this.settings.get(`${userId}#${clientUid}`);
    return value ? structuredClone(value) : null;
  }

  async putSettings(userId: string, clientUid: string, value: StoredSettings) {
    this.settings.set(`${userId}#${clientUid}`, plain(value));
  }

  async deleteSettings(userId: string, clientUid: string) {
    this.settings.delete(`${userId}#${clientUid}`);
  }

  async createSaved(record: SavedReportRecord) {
    const key = `${record.client_uid}#${record.saved_id}`;
    const existing = this.saved.get(key);
    if (existing) return { created: false, record: structuredClone(existing) };
    this.saved.set(key, plain(record));
    return { created: true, record: plain(record) };
  }

  async getSaved(clientUid: string, savedId: string) {
    const record = this.saved.get(`${clientUid}#${savedId}`);
    return record ? structuredClone(record) : null;
  }

  async listSaved(clientUid: string) {
    return newestFirst(
      [...this.saved.values()]
        .filter((r) => r.client_uid === clientUid)
        .map((r) => structuredClone(r)),
    );
  }

  async freeClients(userId: string) {
    return [...(this.usage.get(userId) ?? [])];
  }

  async claim(userId: string, clientUid: string, limit: number) {
    const used = this.usage.get(userId) ?? new Set<string>();
    if (!used.has(clientUid) && used.size >= limit) return false;
    used.add(clientUid);
    this.usage.set(userId, used);
    return true;
  }
}
