import { screen, within } from '@testing-library/react';
import type {
  ConnectedProperty,
  ConnectionView,
  GetConnectionsResult,
} from '#shared/contracts/connections.schema';
import { ConnectionsPanel } from '../../../web/src/connections/connections-panel';
import { renderAt } from '../auth/render-at';
import type { Answer } from '../support/report-api';

/** The service account the panel tells customers to add as a Viewer. */
export const SA = 'analyticowl-reader@analyticowl-local.iam.gserviceaccount.com';

/** A connected property mid-backfill (40 %), with `over` (and `over.pull`) laid on top. */
export function property(over: Partial<ConnectedProperty> = {}): ConnectedProperty {
  return {
    gaid: '111',
    gaview: 'Acme Store',
    gaurl: 'https://acme.example',
    time_zone: 'America/Chicago',
    resolution: 'minute',
    hourly_reason: null,
    ...over,
    pull: {
      state: 'running',
      progress: 40,
      from: '2024-01-01',
      to: '2025-02-28',
      done_through: '2024-06-10',
      last_pull_at: null,
      message: null,
      ...over.pull,
    },
  };
}

/** An active OAuth connection of owner@acme.example holding one `property()`, with `over`. */
export function connection(over: Partial<ConnectionView> = {}): ConnectionView {
  return {
    connection_id: 'conn-1',
    source: 'oauth',
    ga_email: 'owner@acme.example',
    status: 'active',
    invalid_reason: null,
    created_at: '2025-03-01T15:00:00.000Z',
    properties: [property()],
    ...over,
  };
}

/** get_connections answering one connected `connection()` to an editor, with `over`. */
export function result(over: Partial<GetConnectionsResult> = {}): { result: GetConnectionsResult } {
  return {
    result: {
      status: 'connected',
      connections: [connection()],
      requests: [],
      viewer_properties: [],
      service_account_email: SA,
      can_edit: true,
      ...over,
    },
  };
}

/** What connect_url answers: the link to hand to the advertiser. */
export const LINK = {
  connection_url:
    'http://127.0.0.1:4361/start_connection?xrg=Zk3v9QmW1x7Lr2pT8yB4nC6dH0sJ5gE&cid=c1',
  request_id: 'req-2',
  expires_at: '2025-03-08T15:00:00.000Z',
  mailed_to: null,
};

/** The request behind LINK, as get_connections lists it once connect_url made it. */
const LINK_REQUEST = {
  request_id: LINK.request_id,
  email: '',
  status: 'open' as const,
  created_at: '2025-03-01T15:00:00.000Z',
  expires_at: LINK.expires_at,
};

/**
 * get_connections answering `base`, plus LINK's request (with `status`) once connect_url has
 * made it (mailed to `mailedTo`), as the server does.
 */
export function afterLink(
  base: { result: GetConnectionsResult },
  { status = 'open', mailedTo = null }: { status?: 'open' | 'used'; mailedTo?: string | null } = {},
): { get_connections: () => Answer; connect_url: () => Answer } {
  let made = false;
  return {
    get_connections: () =>
      made ? { result: { ...base.result, requests: [{ ...LINK_REQUEST, status }] } } : base,
    connect_url: () => {
      made = true;
      return { result: { ...LINK, mailed_to: mailedTo } };
    },
  };
}

/** The panel of client c1 (Acme Furniture), rendered at /ss. */
export function renderPanel() {
  return renderAt(
    '/ss',
    '/ss',
    <ConnectionsPanel clientUid="c1" clientName="Acme Furniture" onChanged={() => {}} />,
  );
}

/** Queries inside the rendered panel region only. */
export const panel = () => within(screen.getByRole('region', { name: /Website analytics/ }));
