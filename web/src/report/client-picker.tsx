import { useState } from 'react';
import { CONNECTION_STATUSES, type ConnectionStatus } from '#shared/contracts/connections.schema';
import type { Company } from '../api/types';
import { STATUS_WORDS } from '../connections/connection-status';

/** Props of the client picker. */
export interface ClientPickerProps {
  clients: readonly Company[];
  value: string | undefined;
  onChange: (clientUid: string) => void;
}

/** A client's connection status as fetch_companies says it (absent = not connected). */
const statusOf = (c: Company): ConnectionStatus => c.connection_status ?? 'not_connected';

/**
 * The header's client (advertiser) select; sample-data clients are marked "(sample)" and a
 * client whose analytics connection lost access "(access lost)". Once any client has a
 * connection, a second select narrows the list to one connection status (spec §3
 * "Company (client)" filters, read from fetch_companies' `connection_status`); the selected
 * client stays listed whatever the filter.
 */
export function ClientPicker({ clients, value, onChange }: ClientPickerProps) {
  const [only, setOnly] = useState<ConnectionStatus | 'all'>('all');
  const counts = new Map<ConnectionStatus, number>();
  for (const c of clients) counts.set(statusOf(c), (counts.get(statusOf(c)) ?? 0) + 1);
  const filterable = clients.some((c) => statusOf(c) !== 'not_connected');
  const shown = clients.filter(
    (c) => only === 'all' || statusOf(c) === only || c.client_uid === value,
  );
  return (
    <div className="client-picker">
      <label className="client-picker__label" htmlFor="client-picker">
        Client
      </label>
      <select
        id="client-picker"
        className="select select--dark"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        disabled={clients.length === 0}
      >
        {clients.length === 0 && <option value="">No clients yet</option>}
        {shown.map((c) => (
          <option key={c.client_uid} value={c.client_uid}>
            {c.name}
            {c.sample_data ? ' (sample)' : ''}
            {c.connection_status === 'connected_invalid' ? ' (access lost)' : ''}
          </option>
        ))}
      </select>
      {filterable && (
        <>
          <label className="client-picker__label" htmlFor="client-picker-status">
            Analytics
          </label>
          <select
            id="client-picker-status"
            className="select select--dark client-picker__status"
            value={only}
            onChange={(event) => setOnly(event.target.value as ConnectionStatus | 'all')}
          >
            <option value="all">All clients ({clients.length})</option>
            {CONNECTION_STATUSES.filter((s) => counts.has(s)).map((s) => (
              <option key={s} value={s}>
                {STATUS_WORDS[s].label} ({counts.get(s)})
              </option>
            ))}
          </select>
        </>
      )}
    </div>
  );
}
