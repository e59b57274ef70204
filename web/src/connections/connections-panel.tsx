import { useState } from 'react';
import type {
  ConnectionStatus,
  ConnectUrlResult,
  GetConnectionsResult,
} from '#shared/contracts/connections.schema';
import { ApiError, errorMessage } from '../api/client';
import {
  attachProperty,
  cancelConnectionRequest,
  makeConnectionLink,
  removeConnection,
} from '../api/connection-actions';
import { useConnections } from '../api/use-connections';
import { FormAlert } from '../auth/form-controls';
import { ConnectionCard } from './connection-card';
import { STATUS_WORDS } from './connection-status';
import { RequestAccess } from './request-access';
import { ViewerAccess } from './viewer-access';
import './connections.css';

/** Props of {@link ConnectionsPanel}. */
export interface ConnectionsPanelProps {
  clientUid: string | undefined;
  clientName: string | undefined;
  /** Told after a change (the client's connection status in the client list may have moved). */
  onChanged?: () => void;
}

/** The client's status as a badge with its meaning for screen readers and on hover. */
export function StatusBadge({ status }: { status: ConnectionStatus }) {
  const words = STATUS_WORDS[status];
  return (
    <span
      className={`badge connections__badge connections__badge--${words.tone}`}
      title={words.meaning}
    >
      <span className="visually-hidden">Status: </span>
      {words.label}
    </span>
  );
}

/** The panel's body for one client's get_connections result, with its actions. */
function PanelBody({
  clientUid,
  clientName,
  data,
  refresh,
}: {
  clientUid: string;
  clientName: string;
  data: GetConnectionsResult;
  refresh: () => Promise<void>;
}) {
  const [link, setLink] = useState<ConnectUrlResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const canEdit = data.can_edit;
  // A link made here shows only while its request is open: a used or cancelled one is no use.
  const openLink =
    link && data.requests.some((r) => r.request_id === link.request_id && r.status === 'open')
      ? link
      : null;

  /** Runs one change, then reloads the panel; a failure shows in words above it. */
  const act = async (change: () => Promise<unknown>, rethrow = false) => {
    setBusy(true);
    setProblem(null);
    try {
      await change();
      await refresh();
    } catch (error) {
      if (rethrow) throw error;
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const makeLink = (email: string) =>
    act(async () => {
      setLink(null);
      setLink(await makeConnectionLink({ cid: clientUid, ...(email ? { email } : {}) }));
    }, true);

  return (
    <>
      <p className="connections__meaning">{STATUS_WORDS[data.status].meaning}</p>
      <FormAlert message={problem} />
      {data.connections.length > 0 && (
        <div className="connections__list">
          {data.connections.map((c) => (
            <ConnectionCard
              key={c.connection_id}
              connection={c}
              canEdit={canEdit}
              busy={busy}
              onReconnect={() => void makeLink('').catch((e) => setProblem(errorMessage(e)))}
              onDisconnect={() =>
                act(() => removeConnection({ cid: clientUid, connection_id: c.connection_id }))
              }
              onAddProperty={(gaid) =>
                act(
                  () => attachProperty({ cid: clientUid, gaid, connection_id: c.connection_id }),
                  true,
                )
              }
            />
          ))}
        </div>
      )}
      <div className="connections__grid">
        <RequestAccess
          clientUid={clientUid}
          clientName={clientName}
          link={openLink}
          requests={data.requests}
          canEdit={canEdit}
          busy={busy}
          onRequest={makeLink}
          onCancel={(requestId) =>
            void act(() => cancelConnectionRequest({ cid: clientUid, request_id: requestId }))
          }
        />
        {canEdit && (
          <ViewerAccess
            serviceAccountEmail={data.service_account_email}
            properties={data.viewer_properties}
            busy={busy}
            onAttach={(gaid) => void act(() => attachProperty({ cid: clientUid, gaid }))}
          />
        )}
      </div>
    </>
  );
}

/**
 * The client's Connections panel in the report app (spec §7 "Connections"; §3 connection
 * statuses): the status badge, each connection with its properties' backfill progress (polled
 * while a pull runs), last pull and hourly-only reason, the access-lost state with Reconnect,
 * Disconnect behind a confirmation, "Request access" (a connection link, optionally mailed,
 * copyable) with the open requests and Cancel, and the Viewer-access properties to attach with
 * the address to give the customer. Without `edit` on the client everything is read-only
 * (`can_edit`). Nothing shows without a client, or where the connection routes are not
 * deployed or the client is not visible.
 */
export function ConnectionsPanel({ clientUid, clientName, onChanged }: ConnectionsPanelProps) {
  const connections = useConnections(clientUid);
  const error = connections.error as unknown;
  if (!clientUid) return null;
  if (error instanceof ApiError && (error.code === 'unknown_route' || error.status === 404))
    return null;
  const data = connections.data;
  const name = clientName ?? 'this client';
  return (
    <section id="connections" className="connections" aria-labelledby="connections-title">
      <div className="connections__head">
        <h2 className="section-title connections__title" id="connections-title" tabIndex={-1}>
          Website analytics
        </h2>
        {data && <StatusBadge status={data.status} />}
      </div>
      {data ? (
        <PanelBody
          key={clientUid}
          clientUid={clientUid}
          clientName={name}
          data={data}
          refresh={async () => {
            await connections.mutate();
            onChanged?.();
          }}
        />
      ) : error ? (
        <FormAlert message={errorMessage(error)} />
      ) : (
        <p className="connections__muted" role="status">
          Loading the connections of {name}…
        </p>
      )}
    </section>
  );
}
