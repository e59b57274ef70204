import { expect, test } from 'vitest';
import { ddbDocClient } from '#shared/aws/clients';
import { newClientRecord } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import type { CreativesResult, PlayCreativeResult } from '#shared/contracts/creatives.schema';
import { ENV } from '#shared/workers';
import { callApi } from '../../lib/local/route-calls';
import { LOCAL_ORG } from '../../lib/local/seed';
import { pngBytes, wavBytes } from '../support/media-bytes';
import { stackForFile } from './support/stack';

// update_creatives and play_creative through the local gateway, DynamoDB Local and s3rver: the
// browser's presigned PUT, the server's check by content, and the signed GET the player reads.
const local = stackForFile();

/** A client of the demo user's organisation and one of a stranger's, written as records. */
async function twoClients() {
  const companies = new DynamoCompanies(ddbDocClient(), local.stack.env[ENV.companiesTable] ?? '');
  await companies.putClient(
    newClientRecord(
      { client_uid: 'mine-1', org_uid: LOCAL_ORG, name: 'Spot Mattress' },
      new Date(),
    ),
  );
  await companies.putClient(
    newClientRecord(
      { client_uid: 'stranger-1', org_uid: 'org-stranger', name: 'Stranger Co' },
      new Date(),
    ),
  );
}

const call = <T>(name: 'update_creatives' | 'play_creative', input: Record<string, unknown>) =>
  callApi<T>(local.stack.url, name, input, local.token);

/** Asks for an upload of `bytes` as `type` and PUTs them as a browser would, from the app's origin. */
async function putMedia(creativeId: string, bytes: Uint8Array, type: string) {
  const asked = await call<CreativesResult>('update_creatives', {
    client_uid: 'mine-1',
    creatives: [
      {
        creative_id: creativeId,
        name: 'Spring sale :30',
        isci: 'abcd1234',
        length_s: 30,
        media: { content_type: type, size_bytes: bytes.length },
      },
    ],
  });
  const upload = asked.uploads[0];
  if (!upload) throw new Error('no upload URL');
  const preflight = await fetch(upload.upload_url, {
    method: 'OPTIONS',
    headers: {
      origin: local.stack.url,
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'content-type',
    },
  });
  const put = await fetch(upload.upload_url, {
    method: 'PUT',
    headers: { ...upload.headers, origin: local.stack.url },
    body: Buffer.from(bytes),
  });
  return { asked, upload, preflight, put };
}

test('a rep uploads a WAV through its presigned URL, confirms it, and the play URL serves the same bytes', async () => {
  await twoClients();
  const wav = wavBytes(0.25);

  const { asked, preflight, put } = await putMedia('MATT-30A', wav, 'audio/wav');
  const confirmed = await call<CreativesResult>('update_creatives', {
    client_uid: 'mine-1',
    confirm_media: 'MATT-30A',
  });
  const play = await call<PlayCreativeResult>('play_creative', {
    client_uid: 'mine-1',
    creative_id: 'MATT-30A',
  });
  const served = await fetch(play.url);

  expect(asked.creatives[0]).toMatchObject({
    name: 'Spring sale :30',
    isci: 'ABCD1234',
    length_s: 30,
    media: null,
  });
  expect(preflight.status).toBe(200);
  expect(preflight.headers.get('access-control-allow-origin')).toBeTruthy();
  expect(put.status).toBe(200);
  expect(confirmed.creatives[0]?.media).toMatchObject({
    content_type: 'audio/wav',
    size_bytes: wav.length,
  });
  expect(play.content_type).toBe('audio/wav');
  expect(new URL(play.url).searchParams.get('X-Amz-Expires')).toBe('300');
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('audio/wav');
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(wav);
});

test('a PNG declared as video is refused by its content, naming the creative, and deleted', async () => {
  await twoClients();
  const { upload, put } = await putMedia('MATT-15B', pngBytes(), 'video/mp4');

  const confirm = call('update_creatives', { client_uid: 'mine-1', confirm_media: 'MATT-15B' });

  expect(put.status).toBe(200);
  await expect(confirm).rejects.toThrow(
    /400.*Creative "Spring sale :30" was not accepted: the file is not audio or video/,
  );
  expect((await fetch(upload.upload_url.replace(/\?.*$/, ''))).status).toBe(404);
  await expect(
    call('play_creative', { client_uid: 'mine-1', creative_id: 'MATT-15B' }),
  ).rejects.toThrow(/404/);
});

test("another customer's client is refused: no upload URL, no play URL", async () => {
  await twoClients();

  const [edit, play] = await Promise.allSettled([
    call('update_creatives', {
      client_uid: 'stranger-1',
      creatives: [{ creative_id: 'X', media: { content_type: 'audio/wav', size_bytes: 100 } }],
    }),
    call('play_creative', { client_uid: 'stranger-1', creative_id: 'X' }),
  ]);

  expect(edit).toMatchObject({
    status: 'rejected',
    reason: { message: expect.stringMatching(/404/) },
  });
  expect(play).toMatchObject({
    status: 'rejected',
    reason: { message: expect.stringMatching(/404/) },
  });
});
