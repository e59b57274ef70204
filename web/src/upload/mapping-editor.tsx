import { useState } from 'react';
import { type HeaderMapping, PLSPOT_FIELDS } from '#shared/contracts/postlog.schema';

/** Props of the mapping editor. */
export interface MappingEditorProps {
  /** The file's column names. */
  headers: readonly string[];
  /** The automatic mapping (plspots field -> column, null = absent). */
  initial: HeaderMapping | undefined;
  busy: boolean;
  onSubmit: (mapping: HeaderMapping) => void;
}

/**
 * The header mapping as a table of plspots field -> column select (spec §3 "Post-log import
 * job: headers mapping"), for when the automatic mapping got a column wrong.
 */
export function MappingEditor({ headers, initial, busy, onSubmit }: MappingEditorProps) {
  const [mapping, setMapping] = useState<HeaderMapping>(
    () => initial ?? (Object.fromEntries(PLSPOT_FIELDS.map((f) => [f, null])) as HeaderMapping),
  );
  return (
    <details className="mapping">
      <summary>Change the column mapping</summary>
      <table className="data-table data-table--compact">
        <thead>
          <tr>
            <th scope="col" className="cell--text">
              Field
            </th>
            <th scope="col" className="cell--text">
              Column in your file
            </th>
          </tr>
        </thead>
        <tbody>
          {PLSPOT_FIELDS.map((field) => (
            <tr key={field}>
              <td className="cell--text">
                <label htmlFor={`map-${field}`}>{field}</label>
              </td>
              <td className="cell--text">
                <select
                  id={`map-${field}`}
                  className="select"
                  value={mapping[field] ?? ''}
                  onChange={(e) => setMapping({ ...mapping, [field]: e.target.value || null })}
                >
                  <option value="">— not in file —</option>
                  {headers.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button" disabled={busy} onClick={() => onSubmit(mapping)}>
        Import with this mapping
      </button>
    </details>
  );
}
