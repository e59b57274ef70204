import type { GaxiosError } from 'gaxios';
import { describe, expect, test } from 'vitest';
import {
  DEMO_PROPERTY_ID,
  EMPTY_PROPERTY_ID,
  SMALL_SITE_PROPERTY_ID,
  VIEWER_PROPERTY_ID,
} from '../../../../lib/local/google/directory';
import { apis, googlePerTest, signIn } from './harness';

const google = googlePerTest();

describe('GA4 Admin API v1beta through @googleapis/analyticsadmin', () => {
  test("accountSummaries lists the user's accounts and properties, page by page", async () => {
    const { local } = await google.start();
    const { client } = await signIn(local, 'owner@demo-advertiser.example');
    const { admin } = apis(local, client);

    const first = await admin.accountSummaries.list({ pageSize: 1 });
    const second = await admin.accountSummaries.list({
      pageSize: 1,
      pageToken: first.data.nextPageToken ?? '',
    });

    expect(first.data.accountSummaries?.map((a) => a.displayName)).toEqual(['Demo Advertiser']);
    expect(first.data.accountSummaries?.[0]?.propertySummaries).toEqual([
      {
        property: `properties/${DEMO_PROPERTY_ID}`,
        displayName: 'Demo Advertiser - GA4',
        propertyType: 'PROPERTY_TYPE_ORDINARY',
        parent: 'accounts/200100001',
      },
    ]);
    expect(second.data.accountSummaries?.[0]?.propertySummaries?.[0]?.property).toBe(
      `properties/${SMALL_SITE_PROPERTY_ID}`,
    );
    expect(second.data.nextPageToken).toBeUndefined();
  });

  test('a Google user with no properties gets an empty answer', async () => {
    const { local } = await google.start();
    const { client } = await signIn(local, 'nobody@example.com');

    const { data } = await apis(local, client).admin.accountSummaries.list({});

    expect(data.accountSummaries ?? []).toEqual([]);
  });

  test('properties.get gives the time zone and dataStreams.list the web stream URL', async () => {
    const { local } = await google.start();
    const { client } = await signIn(local, 'analyst@agency.example');
    const { admin } = apis(local, client);

    const property = await admin.properties.get({ name: `properties/${EMPTY_PROPERTY_ID}` });
    const streams = await admin.properties.dataStreams.list({
      parent: `properties/${DEMO_PROPERTY_ID}`,
    });

    expect(property.data).toMatchObject({
      displayName: 'Agency Sandbox (no data)',
      timeZone: 'America/Los_Angeles',
      parent: 'accounts/200100004',
    });
    expect(streams.data.dataStreams?.[0]).toMatchObject({
      type: 'WEB_DATA_STREAM',
      webStreamData: { defaultUri: 'https://www.demo-advertiser.example' },
    });
  });

  test("another customer's property is 403 PERMISSION_DENIED", async () => {
    const { local } = await google.start();
    const { client } = await signIn(local, 'owner@demo-advertiser.example');

    const error = await apis(local, client)
      .admin.properties.get({ name: `properties/${VIEWER_PROPERTY_ID}` })
      .then(
        () => null,
        (e: GaxiosError) => e,
      );

    expect(error?.status).toBe(403);
    expect(error?.response?.data).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });
});
