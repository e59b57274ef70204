import { useRef, useState } from 'react';
import {
  CONNECTION_MESSAGES,
  type ConnectedProperty,
  type ConnectionView,
  type GaProperty,
} from '#shared/contracts/connections.schema';
import { ModalDialog } from '../components/modal-dialog';
import { AddProperty } from './add-property';
import { formatWhen } from './connection-status';
import { PullProgress } from './pull-progress';

/** Props of {@link ConnectionCard}. */
export interface ConnectionCardProps {
  connection: ConnectionView;
  /** The caller may change connections (get_connections `can_edit`). */
  canEdit: boolean;
  /** An action of this panel is in flight: buttons wait. */
  busy: boolean;
  /** Makes a new connection link to sign in again (oauth connections). */
  onReconnect: () => void;
  /** Disconnects this connection (after the confirmation). */
  onDisconnect: () => Promise<void>;
  /**
   * Connects one more property of this Google sign-in (connect_property with its id) and
   * reloads the panel; rejects with the ApiError when refused.
   */
  onAddProperty: (gaid: string) => Promise<void>;
}

/** One connected property: name, address, time zone, hourly-only note and its pull. */
function PropertyRow({ property }: { property: ConnectedProperty }) {
  return (
    <li className="connected-property">
      <p className="connected-property__name">
        <strong>{property.gaview}</strong>
        {property.gaurl && <span className="connections__muted"> {property.gaurl}</span>}
      </p>
      <p className="connections__muted">
        Property {property.gaid} · Time zone {property.time_zone} ·{' '}
        {property.resolution === 'hour' ? 'Hourly data' : 'Minute data'}
      </p>
      {property.resolution === 'hour' && (
        <p className="connected-property__hourly">
          <strong>Hourly data only:</strong>{' '}
          {property.hourly_reason ?? 'Google gives this property’s visits by the hour only.'}{' '}
          Reports on it attribute visits by the hour.
        </p>
      )}
      <PullProgress pull={property.pull} name={property.gaview} />
    </li>
  );
}

/**
 * One connection of the client (spec §7 "Connections"): who granted it (a Google account, or
 * Viewer access for the product's service account), its properties with their pulls, the
 * access-lost state (CONNECTION_MESSAGES.accessLost) with Reconnect, and Disconnect behind a
 * confirmation. A working Google sign-in also offers "Add a property": the properties its
 * account reads that the client does not pull yet (`addable_properties`). Without `canEdit` it
 * only shows.
 */
export function ConnectionCard({
  connection,
  canEdit,
  busy,
  onReconnect,
  onDisconnect,
  onAddProperty,
}: ConnectionCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [added, setAdded] = useState('');
  // Said, and focused, after an add: the control may be gone once nothing is left to add.
  const addedNote = useRef<HTMLParagraphElement>(null);
  const addable = connection.addable_properties ?? [];
  const canAdd =
    canEdit &&
    connection.source === 'oauth' &&
    connection.status === 'active' &&
    addable.length > 0;
  const add = async (property: GaProperty) => {
    setAdded('');
    await onAddProperty(property.gaid);
    setAdded(`${property.gaview} added: its history is being pulled.`);
    addedNote.current?.focus();
  };
  // The dialog opens on the safe choice, so Enter does not disconnect by accident.
  const keep = useRef<HTMLButtonElement>(null);
  const title =
    connection.source === 'oauth'
      ? `Google account ${connection.ga_email}`
      : 'Viewer access for AnalyticOwl';
  const count = connection.properties.length;
  return (
    <article className={`card connection connection--${connection.status}`} aria-label={title}>
      <h3 className="card__title">{title}</h3>
      <p className="connections__muted">
        Connected {formatWhen(connection.created_at)} · {count}{' '}
        {count === 1 ? 'property' : 'properties'}
      </p>
      {connection.status === 'invalid' && (
        <div className="connection__lost">
          <p>{connection.invalid_reason ?? CONNECTION_MESSAGES.accessLost}</p>
          {canEdit &&
            (connection.source === 'oauth' ? (
              <button type="button" className="button" onClick={onReconnect} disabled={busy}>
                Reconnect
              </button>
            ) : (
              <p>
                Ask the customer to add AnalyticOwl’s address as a Viewer again (see Viewer access
                below).
              </p>
            ))}
        </div>
      )}
      <ul className="connection__properties">
        {connection.properties.map((p) => (
          <PropertyRow key={p.gaid} property={p} />
        ))}
      </ul>
      {canEdit && connection.source === 'oauth' && (
        <p className="connection__added" role="status" tabIndex={-1} ref={addedNote}>
          {added}
        </p>
      )}
      {canAdd && (
        <AddProperty gaEmail={connection.ga_email} properties={addable} busy={busy} onAdd={add} />
      )}
      {canEdit && (
        <button
          type="button"
          className="button connections__danger"
          onClick={() => setConfirming(true)}
          disabled={busy}
        >
          Disconnect
        </button>
      )}
      {confirming && (
        <ModalDialog
          title="Disconnect this connection?"
          onClose={() => setConfirming(false)}
          initialFocus={keep}
          footer={
            <>
              <button
                type="button"
                className="button connections__danger"
                disabled={busy}
                onClick={async () => {
                  await onDisconnect();
                  setConfirming(false);
                }}
              >
                Disconnect
              </button>
              <button
                ref={keep}
                type="button"
                className="button"
                onClick={() => setConfirming(false)}
              >
                Keep it
              </button>
            </>
          }
        >
          <p>
            AnalyticOwl stops reading visits from {title} ({count}{' '}
            {count === 1 ? 'property' : 'properties'}). Visits already pulled stay in the reports.
          </p>
        </ModalDialog>
      )}
    </article>
  );
}
