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
        {clients.map((c) => (
          <option key={c.client_uid} value={c.client_uid}>
            {c.name}
            {c.sample_data ? ' (sample)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
