import type { GaProperty } from '#shared/contracts/connections.schema';
import { CopyField } from './copy-field';

/** Props of {@link ViewerAccess}. */
export interface ViewerAccessProps {
  /** The address customers add as Viewer (get_connections `service_account_email`). */
  serviceAccountEmail: string;
  /** Viewer-access properties the user may attach to this client. */
  properties: readonly GaProperty[];
  busy: boolean;
  /** Attaches one (connect_property without a connection). */
  onAttach: (gaid: string) => void;
}

/** The /all-connect guide for the customer's web contact, with the address to add as Viewer. */
export function guideHref(email: string): string {
  return `/all-connect?email=${encodeURIComponent(email)}#g4notice`;
}

/**
 * Viewer access, the second way in (spec §2 "Connection guide", §6 Viewer access): the address
 * to give the customer (copyable), the /all-connect guide for them, and the properties shared
 * with AnalyticOwl that the user may attach to this client. Shown to users who may edit.
 */
export function ViewerAccess({
  serviceAccountEmail,
  properties,
  busy,
  onAttach,
}: ViewerAccessProps) {
  return (
    <div className="card connections__card">
      <h3 className="card__title">Viewer access</h3>
      {serviceAccountEmail ? (
        <>
          <p className="connections__muted">
            Or the customer’s web contact adds this address as a Viewer on their Google Analytics 4
            property; the{' '}
            <a href={guideHref(serviceAccountEmail)} target="_blank" rel="noopener">
              connection guide
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            walks them through it.
          </p>
          <CopyField label="Address to add as Viewer" value={serviceAccountEmail} />
        </>
      ) : (
        <p className="connections__muted">Viewer access is not set up on this installation.</p>
      )}
      <h4 className="connections__subtitle">Shared with AnalyticOwl, ready to attach</h4>
      {properties.length === 0 ? (
        <p className="connections__muted">
          No property shared with AnalyticOwl fits this client yet. Once the customer adds the
          address, the property shows here.
        </p>
      ) : (
        <ul className="viewer-properties">
          {properties.map((p) => (
            <li key={p.gaid} className="viewer-properties__item">
              <span>
                <strong>{p.gaview}</strong>
                <span className="connections__muted">
                  {' '}
                  {p.gaurl || 'no web data stream'} · {p.account_name} · Time zone {p.time_zone}
                </span>
              </span>
              <button
                type="button"
                className="button"
                disabled={busy}
                aria-label={`Attach ${p.gaview}`}
                onClick={() => onAttach(p.gaid)}
              >
                Attach
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
