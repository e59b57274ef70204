import type { CreativeRecord, CreativesRepository } from './creatives';

/** CreativesRepository in memory (unit and handler tests). */
export class MemoryCreatives implements CreativesRepository {
  readonly items = new Map<string, CreativeRecord>();

  async list(clientUid: string): Promise<CreativeRecord[]> {
    return [...this.items.values()]
      .filter((c) => c.client_uid === clientUid)
      .sort((a, b) => a.creative_id.localeCompare(b.creative_id))
      .map((c) => structuredClone(c));
  }

  async get(clientUid: string, creativeId: string): Promise<CreativeRecord | null> {
    const item = this.items.get(`${clientUid}\u0000${creativeId}`);
    return item ? structuredClone(item) : null;
  }

  async put(record: CreativeRecord): Promise<void> {
    this.items.set(`${record.client_uid}\u0000${record.creative_id}`, structuredClone(record));
  }
}
