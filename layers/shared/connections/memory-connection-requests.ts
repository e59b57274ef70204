import {
  type ConnectionRequestRecord,
  type ConnectionRequestsStore,
  isOpen,
} from './connection-requests';

/** In-memory ConnectionRequestsStore for tests, with DynamoConnectionRequests' behaviour. */
export class MemoryConnectionRequests implements ConnectionRequestsStore {
  readonly requests = new Map<string, ConnectionRequestRecord>();

  async put(record: ConnectionRequestRecord) {
    const k = `${record.client_uid}#${record.request_id}`;
    if (this.requests.has(k)) throw new Error('ConditionalCheckFailed');
    this.requests.set(k, { ...record });
  }

  async list(clientUid: string) {
    return [...this.requests.values()]
      .filter((r) => r.client_uid === clientUid)
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .map((r) => ({ ...r }));
  }

  async close(clientUid: string, requestId: string, to: 'used' | 'cancelled', now: Date) {
    const k = `${clientUid}#${requestId}`;
    const r = this.requests.get(k);
    if (!r || !isOpen(r, now)) return false;
    this.requests.set(k, { ...r, status: to, closed_at: now.toISOString() });
    return true;
  }
}
