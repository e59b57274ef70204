import type { Company } from '../api/types';

/** Props of the client picker. */
export interface ClientPickerProps {
  clients: readonly Company[];
  value: string | undefined;
  onChange: (clientUid: string) => void;
}

/** The header's client (advertiser) select; sample-data clients are marked "(sample)". */
export function ClientPicker({ clients, value, onChange }: ClientPickerProps) {
  return (
    <label className="client-picker">
      <span className="client-picker__label">Client</span>
      <select
        className="select select--dark"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        disabled={clients.length === 0}
      >
        {clients.length === 0 && <option value="">No clients yet</option>}
        {clients.map((c) => (
          <option key={c.client_uid} value={c.client_uid}>
            {c.name}
            {c.sample_data ? ' (sample)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
