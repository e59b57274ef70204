import { type FormEvent, useId, useState } from 'react';
import { BACKFILL_MONTHS, type GaProperty } from '#shared/contracts/connections.schema';
import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';

/** Props of {@link AddProperty}. */
export interface AddPropertyProps {
  /** The Google account of the connection (what the hint names). */
  gaEmail: string;
  /** What it could still add (get_connections `addable_properties`); at least one. */
  properties: readonly GaProperty[];
  /** Another action of the panel is in flight: the button waits. */
  busy: boolean;
  /**
   * Adds one (connect_property with the connection's id) and reloads the panel.
   * Rejects with the ApiError when refused.
   */
  onAdd: (property: GaProperty) => Promise<void>;
}

/** How a property reads in the list: its name and web address. */
export const propertyLabel = (p: GaProperty) => `${p.gaview} · ${p.gaurl || 'no web data stream'}`;

/**
 * "Add a property" on a Google sign-in's card: the properties that Google account reads and the
 * client does not pull yet, in a list to pick from, and the button that connects the picked one
 * (its backfill starts; the card shows its progress after the reload). A refusal is said in
 * words beside the button, naming the property.
 */
export function AddProperty({ gaEmail, properties, busy, onAdd }: AddPropertyProps) {
  const id = useId();
  const [picked, setPicked] = useState('');
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A pick that is no longer offered (added meanwhile) falls back to the first one.
  const chosen = properties.find((p) => p.gaid === picked) ?? properties[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || adding) return;
    setProblem(null);
    setAdding(true);
    try {
      await onAdd(chosen);
    } catch (error) {
      setProblem(`Could not add ${chosen.gaview}: ${errorMessage(error)}`);
    } finally {
      setAdding(false);
    }
  };

  return (
    <form className="connections__form add-property" aria-label="Add a property" onSubmit={submit}>
      <h4 className="connections__subtitle">Add a property</h4>
      <p className="connections__muted" id={`${id}-hint`}>
        {gaEmail} also reads {properties.length === 1 ? 'this property' : 'these properties'}. Once
        added, its last {BACKFILL_MONTHS} months of visits are pulled.
      </p>
      <FormAlert message={problem} />
      <div className="form-field">
        <label htmlFor={id} className="form-field__label">
          Property to add
        </label>
        <select
          id={id}
          className="select form-field__input"
          aria-describedby={`${id}-hint`}
          value={chosen?.gaid ?? ''}
          onChange={(e) => setPicked(e.target.value)}
        >
          {properties.map((p) => (
            <option key={p.gaid} value={p.gaid}>
              {propertyLabel(p)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="button button--primary"
        disabled={busy || adding}
        aria-busy={adding || undefined}
      >
        {adding ? 'Adding…' : 'Add a property'}
      </button>
    </form>
  );
}
