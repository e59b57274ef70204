import { Conflict } from '../errors';
import type { ConnectionRecord, ConnectionsStore, PropertyPullState } from './connections-store';

/**
 * In-memory ConnectionsStore for use-case and handler tests, with DynamoConnectionsStore's
 * behaviour: copies in and out, and the same optimistic-lock rule on `version` (the stored
 * version must be `version - 1`, or absent when `version` is 1).
 */
export class MemoryConnectionsStore implements ConnectionsStore {
  readonly connections = new Map<string, ConnectionRecord>();
  readonly properties = new Map<string, PropertyPullState>();

  async listConnections(clientUid: string) {
    return [...this.connections.values()]
      .filter((c) => c.client_uid === clientUid)
      .sort((a, b) => (a.connection_id < b.connection_id ? -1 : 1))
      .map((c) => structuredClone(c));
  }

  async getConnection(clientUid: string, connectionId: string) {
    const c = this.connections.get(`${clientUid}#${connectionId}`);
    return c ? structuredClone(c) : null;
  }

  async putConnection(record: ConnectionRecord) {
    const key = `${record.client_uid}#${record.connection_id}`;
    checkVersion(this.connections.get(key)?.version, record.version, 'connection');
    this.connections.set(key, structuredClone(record));
  }

  async deleteConnection(clientUid: string, connectionId: string) {
    this.connections.delete(`${clientUid}#${connectionId}`);
  }

  async listPropertyStates(clientUid: string) {
    return [...this.properties.values()]
      .filter((p) => p.client_uid === clientUid)
      .sort((a, b) => (a.property_id < b.property_id ? -1 : 1))
      .map((p) => structuredClone(p));
  }

  async getPropertyState(clientUid: string, propertyId: string) {
    const p = this.properties.get(`${clientUid}#${propertyId}`);
    return p ? structuredClone(p) : null;
  }

  async putPropertyState(record: PropertyPullState) {
    const key = `${record.client_uid}#${record.property_id}`;
    checkVersion(this.properties.get(key)?.version, record.version, 'property');
    this.properties.set(key, structuredClone(record));
  }

  async deletePropertyState(clientUid: string, propertyId: string) {
    this.properties.delete(`${clientUid}#${propertyId}`);
  }

  async listPulledProperties() {
    return [...this.properties.values()]
      .map((p) => ({ client_uid: p.client_uid, property_id: p.property_id }))
      .sort((a, b) =>
        `${a.client_uid}#${a.property_id}` < `${b.client_uid}#${b.property_id}` ? -1 : 1,
      );
  }
}

function checkVersion(stored: number | undefined, next: number, what: string): void {
  const ok = next <= 1 ? stored === undefined : stored === next - 1;
  if (!ok) throw new Conflict(`The ${what} was changed meanwhile. Try again.`);
}
