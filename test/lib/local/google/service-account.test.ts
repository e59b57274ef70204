import { generateKeyPairSync } from 'node:crypto';
import type { GaxiosError } from 'gaxios';
import { JWT } from 'google-auth-library';
import { describe, expect, test } from 'vitest';
import { VIEWER_PROPERTY_ID } from '../../../../lib/local/google/directory';
import type { LocalGoogle } from '../../../../lib/local/google/google-server';
import { ANALYTICS_READONLY, apis, googlePerTest, trigger } from './harness';

const google = googlePerTest();

/**
 * A service account client signing its own JWT (no token exchange, which would go to Google's
 * hard-coded token URL). `useJWTAccessWithScope` is a property of JWT, not a constructor option:
 * passed to the constructor it is dropped and the client calls oauth2.googleapis.com.
 */
function selfSigned(email: string, key: string, scopes: string[], keyId?: string): JWT {
  const client = new JWT({ email, key, keyId, scopes });
  client.useJWTAccessWithScope = true;
  return client;
}

/** The product's Viewer-access client. */
function serviceAccountClient(local: LocalGoogle, key = local.serviceAccountKey.private_key) {
  return selfSigned(
    local.serviceAccountEmail,
    key,
    [ANALYTICS_READONLY],
    local.serviceAccountKey.private_key_id,
  );
}

const statusOf = (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (e: GaxiosError) => e.status,
  );

describe('Viewer access with the seeded service account', () => {
  test('its self-signed JWT lists the properties customers shared with it as Viewer', async () => {
    const { local } = await google.start();
    const { admin, data } = apis(local, serviceAccountClient(local));

    const summaries = await admin.accountSummaries.list({});
    const report = await data.properties.runReport({
      property: `properties/${VIEWER_PROPERTY_ID}`,
      requestBody: {
        dateRanges: [{ startDate: '2026-09-08', endDate: '2026-09-08' }],
        dimensions: [{ name: 'dateHour' }],
        metrics: [{ name: 'sessions' }],
      },
    });

    expect(
      summaries.data.accountSummaries?.flatMap((a) => a.propertySummaries?.map((p) => p.property)),
    ).toEqual([`properties/${VIEWER_PROPERTY_ID}`]);
    expect(report.data.rowCount).toBe(24);
  });

  test('a JWT signed by another key is refused with 401', async () => {
    const { local } = await google.start();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();

    const status = await statusOf(
      apis(local, serviceAccountClient(local, other)).admin.accountSummaries.list({}),
    );

    expect(status).toBe(401);
  });

  test('a JWT without an Analytics scope is refused with 403', async () => {
    const { local } = await google.start();
    const client = selfSigned(local.serviceAccountEmail, local.serviceAccountKey.private_key, [
      'https://www.googleapis.com/auth/drive.readonly',
    ]);

    const status = await statusOf(apis(local, client).admin.accountSummaries.list({}));

    expect(status).toBe(403);
  });

  test('when the customer removes the Viewer, its property answers 403', async () => {
    const { local } = await google.start();
    const { data } = apis(local, serviceAccountClient(local));

    await trigger(local, 'revoke', { email: local.serviceAccountEmail });
    const status = await statusOf(
      data.properties.runReport({
        property: `properties/${VIEWER_PROPERTY_ID}`,
        requestBody: {
          dateRanges: [{ startDate: 'yesterday', endDate: 'yesterday' }],
          metrics: [{ name: 'sessions' }],
        },
      }),
    );

    expect(status).toBe(403);
  });
});
