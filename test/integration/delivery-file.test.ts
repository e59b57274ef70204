import { GetObjectCommand } from '@aws-sdk/client-s3';
import { expect, test } from 'vitest';
import { s3Client } from '#shared/aws/clients';
import { ENV } from '#shared/workers';
import { deliveryDepsFromEnv } from '../../lambdas/schedules/adapters/delivery-deps';
import { signDeliveryFileToken } from '../../lambdas/schedules/core/delivery-file';
import { stackForFile } from './support/stack';

// The download link of a delivered file, through the local stack: the gateway's public route,
// s3rver's presigned GET, the link secret and APP_ORIGIN as `npm start` sets them.
const local = stackForFile();

const PDF = new TextEncoder().encode('%PDF-1.7\na delivered report too large to attach\n%%EOF');
const KEY = 'schedules/client-a/sched-1/2026-11-16_2026-11-22.pdf';

test('the link a delivery carries answers 302 to a fresh presigned GET that serves the PDF; a tampered or expired link does not', async () => {
  const { env, url } = local.stack;
  const files = deliveryDepsFromEnv(env).files;
  await files.put(KEY, PDF, 'application/pdf');

  const link = await files.link(KEY, 'acme report.pdf', 7 * 86400);

  expect(link.startsWith(`${env[ENV.appOrigin]}/ss_rest/delivery_file?token=`)).toBe(true);
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const location = res.headers.get('location') ?? '';
  expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
  const file = await fetch(location);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-disposition')).toBe('attachment; filename="acme_report.pdf"');
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

  const secret = env[ENV.scheduleLinkSecret] ?? '';
  const route = (token: string) =>
    fetch(`${url}/ss_rest/delivery_file?token=${encodeURIComponent(token)}`, {
      redirect: 'manual',
    });
  const token = new URL(link).searchParams.get('token') ?? '';
  const tampered = await route(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
  const expired = await route(
    signDeliveryFileToken(secret, {
      key: KEY,
      fileName: 'acme.pdf',
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    }),
  );

  expect(tampered.status).toBe(403);
  expect(((await tampered.json()) as { message: string }).message).toMatch(/not valid/);
  expect(expired.status).toBe(410);
  expect(((await expired.json()) as { message: string }).message).toMatch(/expired on/);
  // The object is still there: the route refused the link, not the file.
  const kept = await s3Client().send(
    new GetObjectCommand({ Bucket: env[ENV.reportsBucket], Key: KEY }),
  );
  expect(kept.ContentLength).toBe(PDF.byteLength);
});
