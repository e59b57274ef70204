import { expect, test } from 'vitest';
import type {
  ConnectUrlResult,
  GetConnectionsResult,
  ListPropertiesResult,
} from '#shared/contracts/connections.schema';
import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import { DEMO_PROPERTY_ID } from '../../lib/local/google/directory';
import { callApi } from '../../lib/local/route-calls';
import { openLinkAndConsent } from './support/google-consent';
import { outboxMails } from './support/outbox';
import { importDemoClient, stackForFile } from './support/stack';

// The connection routes through the local gateway, the local Google stand-in, DynamoDB Local,
// the local token key and the mail outbox: what the rep and the advertiser do in the browser.
const local = stackForFile();

test('a mailed link, a Google sign-in and a ticked property connect the client; the link then is spent', async () => {
  // Prepare: a client of the demo user's organisation.
  const { url, mailDir } = local.stack;
  const { clientUid } = await importDemoClient(local, {
    name: 'conn',
    advertiser: 'Connected Mattress',
    weeks: 1,
    spotsPerDay: 4,
    seed: 5,
  });

  // Act: the rep mails a link; the advertiser opens it (signed out), signs in with Google,
  // lists and ticks the demo property.
  const link = await callApi<ConnectUrlResult>(
    url,
    'connect_url',
    { cid: clientUid, email: 'ann@connected.example' },
    local.token,
  );
  const mailed = outboxMails(mailDir).find((m) => m.to === 'ann@connected.example');
  const { xrg, start, grant } = await openLinkAndConsent(
    url,
    local.stack.google.url,
    link,
    clientUid,
  );
  const listed = await callApi<ListPropertiesResult>(url, 'list_properties', grant);
  const made = await callApi<{ connection_id: string }>(url, 'create_properties', {
    code: grant.code,
    gaids: [DEMO_PROPERTY_ID],
    client_id: clientUid,
  });
  const panel = await callApi<GetConnectionsResult>(
    url,
    'get_connections',
    { cid: clientUid },
    local.token,
  );

  // Assert
  expect(mailed?.text).toContain(link.connection_url);
  expect(start.client_name).toBe('Connected Mattress');
  expect(listed.properties.map((p) => p.gaid)).toContain(DEMO_PROPERTY_ID);
  expect(panel.connections).toMatchObject([
    {
      connection_id: made.connection_id,
      source: 'oauth',
      ga_email: 'owner@demo-advertiser.example',
      status: 'active',
      properties: [{ gaid: DEMO_PROPERTY_ID }],
    },
  ]);
  expect(['connected', 'lite_connected']).toContain(panel.status);
  expect(panel.requests[0]?.status).toBe('used');
  expect(JSON.stringify(panel)).not.toContain(grant.code);
  await expect(callApi(url, 'connection_start', { xrg, cid: clientUid })).rejects.toThrow(
    CONNECTION_MESSAGES.requestGone,
  );
  await expect(
    callApi(url, 'create_properties', {
      code: grant.code,
      gaids: [DEMO_PROPERTY_ID],
      client_id: clientUid,
    }),
  ).rejects.toThrow('HTTP 410');
}, 120_000);
