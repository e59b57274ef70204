import { describe, expect, test } from 'vitest';
import { MEDIA_PLAY_TTL_S, MEDIA_UPLOAD_TTL_S } from '#shared/contracts/creatives.schema';
import { clientCreatives } from '../../../../lambdas/creatives/core/client-creatives';
import { playCreative } from '../../../../lambdas/creatives/core/play-creative';
import { updateCreatives } from '../../../../lambdas/creatives/core/update-creatives';
import { mp4Bytes, pngBytes, wavBytes } from '../../../support/media-bytes';
import { caller, creativesWorld } from '../fakes';

const WAV = wavBytes(0.1);

/** Alice asks for an upload of `bytes` declared as `type`, then PUTs them to its key. */
async function upload(
  w: Awaited<ReturnType<typeof creativesWorld>>,
  bytes: Uint8Array,
  type: string,
) {
  const out = await updateCreatives(w.deps, caller('alice'), {
    client_uid: 'client-a',
    creatives: [
      { creative_id: 'MATT-30A', media: { content_type: type, size_bytes: bytes.length } },
    ],
  });
  const key = (await w.creatives.get('client-a', 'MATT-30A'))?.pending_media?.key as string;
  w.media.objects.set(key, bytes);
  return { out, key };
}

describe('update_creatives', () => {
  test('renames, tags and sets the length of a creative; the list shows them, not the storage keys', async () => {
    const w = await creativesWorld();

    const out = await updateCreatives(w.deps, caller('alice'), {
      client_uid: 'client-a',
      creatives: [
        { creative_id: 'MATT-30A', name: 'Spring sale :30', isci: 'ABCD1234', length_s: 30 },
      ],
    });

    expect(out.uploads).toEqual([]);
    expect(out.creatives).toEqual([
      {
        creative_id: 'MATT-30A',
        name: 'Spring sale :30',
        isci: 'ABCD1234',
        length_s: 30,
        media: null,
        updated_at: '2026-11-20T15:00:00.000Z',
      },
    ]);
    const listed = await clientCreatives(w.deps, caller('vic'), { client_uid: 'client-a' });
    expect(listed.creatives[0]?.name).toBe('Spring sale :30');
  });

  test('hands out an upload URL valid 15 minutes for the declared type and exact size', async () => {
    const w = await creativesWorld();

    const { out, key } = await upload(w, WAV, 'audio/wav');

    expect(key).toBe('pending/client-a/id-1');
    expect(out.uploads).toEqual([
      {
        creative_id: 'MATT-30A',
        upload_url: `https://media.test/${key}?put&type=audio/wav&size=${WAV.length}&ttl=${MEDIA_UPLOAD_TTL_S}`,
        headers: { 'Content-Type': 'audio/wav' },
        expires_at: '2026-11-20T15:15:00.000Z',
      },
    ]);
    expect(out.creatives[0]?.media).toBeNull();
  });

  test('confirming an MP4 attaches it with the type read from its content', async () => {
    const w = await creativesWorld();
    const bytes = mp4Bytes();
    await upload(w, bytes, 'video/quicktime');

    const out = await updateCreatives(w.deps, caller('alice'), {
      client_uid: 'client-a',
      confirm_media: 'MATT-30A',
    });

    expect(out.creatives[0]?.media).toEqual({
      content_type: 'video/mp4',
      size_bytes: bytes.length,
      uploaded_at: '2026-11-20T15:00:00.000Z',
    });
  });

  test('confirming a PNG renamed .mp4 answers 400 naming the creative and deletes the file', async () => {
    const w = await creativesWorld();
    await upload(w, pngBytes(), 'video/mp4');

    const confirm = updateCreatives(w.deps, caller('alice'), {
      client_uid: 'client-a',
      confirm_media: 'MATT-30A',
    });

    await expect(confirm).rejects.toMatchObject({
      status: 400,
      field: 'confirm_media',
      message: expect.stringContaining(
        'Creative "MATT-30A" was not accepted: the file is not audio or video',
      ),
    });
    expect(w.media.objects.size).toBe(0);
    const stored = await w.creatives.get('client-a', 'MATT-30A');
    expect(stored?.media).toBeNull();
    expect(stored?.pending_media).toBeNull();
  });

  test('the upload URL cannot change the file once accepted: the play URL reads a copy it cannot reach', async () => {
    const w = await creativesWorld();
    const { key } = await upload(w, WAV, 'audio/wav');
    await updateCreatives(w.deps, caller('alice'), {
      client_uid: 'client-a',
      confirm_media: 'MATT-30A',
    });

    // The same URL used again within its 15 minutes, with a PNG of the same size.
    const swapped = new Uint8Array(WAV.length);
    swapped.set(pngBytes());
    w.media.objects.set(key, swapped);
    const play = await playCreative(w.deps, caller('alice'), {
      client_uid: 'client-a',
      creative_id: 'MATT-30A',
    });

    const played = new URL(play.url).pathname.slice(1);
    expect(played).not.toBe(key);
    expect(w.media.objects.get(played)).toEqual(WAV);
  });

  test('a file of another size than announced is refused and deleted', async () => {
    const w = await creativesWorld();
    const { key } = await upload(w, WAV, 'audio/wav');
    w.media.objects.set(key, wavBytes(0.2));

    const confirm = updateCreatives(w.deps, caller('alice'), {
      client_uid: 'client-a',
      confirm_media: 'MATT-30A',
    });

    await expect(confirm).rejects.toMatchObject({ status: 400, field: 'confirm_media' });
    expect(w.media.objects.has(key)).toBe(false);
  });

  test('a new file replaces the old one only once accepted, and the old file is deleted', async () => {
    const w = await creativesWorld();
    const first = await upload(w, WAV, 'audio/wav');
    await updateCreatives(w.deps, caller('alice'), {
      client_uid: 'client-a',
      confirm_media: 'MATT-30A',
    });
    const second = await upload(w, mp4Bytes(), 'video/mp4');

    const before = await playCreative(w.deps, caller('alice'), {
      client_uid: 'client-a',
      creative_id: 'MATT-30A',
    });
    await updateCreatives(w.deps, caller('alice'), {
      client_uid: 'client-a',
      confirm_media: 'MATT-30A',
    });

    const after = await playCreative(w.deps, caller('alice'), {
      client_uid: 'client-a',
      creative_id: 'MATT-30A',
    });
    const firstAccepted = first.key.replace(/^pending\//, 'media/');
    expect(before.url).toContain(`${firstAccepted}?`);
    expect(after.url).toContain(`${second.key.replace(/^pending\//, 'media/')}?`);
    expect(w.media.removed).toEqual([first.key, second.key, firstAccepted]);
    expect([...w.media.objects.keys()]).toEqual([second.key.replace(/^pending\//, 'media/')]);
  });

  test('confirming without an upload waiting answers 400 naming the creative', async () => {
    const w = await creativesWorld();

    const confirm = updateCreatives(w.deps, caller('alice'), {
      client_uid: 'client-a',
      confirm_media: 'NOPE-15',
    });

    await expect(confirm).rejects.toMatchObject({
      status: 400,
      message: 'Creative "NOPE-15" has no upload waiting to be confirmed.',
    });
  });

  test('a creative listed twice is refused before anything is written', async () => {
    const w = await creativesWorld();

    const edit = updateCreatives(w.deps, caller('alice'), {
      client_uid: 'client-a',
      creatives: [
        { creative_id: 'A', name: 'One' },
        { creative_id: 'A', name: 'Two' },
      ],
    });

    await expect(edit).rejects.toMatchObject({ status: 400, field: 'creatives.1.creative_id' });
    expect(await w.creatives.list('client-a')).toEqual([]);
  });

  test('a view-only sharee may list and play but not change: 403, nothing written', async () => {
    const w = await creativesWorld();

    const edit = updateCreatives(w.deps, caller('vic'), {
      client_uid: 'client-a',
      creatives: [{ creative_id: 'A', name: 'Mine now' }],
    });

    await expect(edit).rejects.toMatchObject({ status: 403 });
    expect(await w.creatives.list('client-a')).toEqual([]);
  });

  test("another customer's client answers 404 to every creatives call", async () => {
    const w = await creativesWorld();
    await upload(w, WAV, 'audio/wav');
    await updateCreatives(w.deps, caller('alice'), {
      client_uid: 'client-a',
      confirm_media: 'MATT-30A',
    });
    const m = caller('mallory');

    const calls = [
      updateCreatives(w.deps, m, {
        client_uid: 'client-a',
        creatives: [{ creative_id: 'MATT-30A', name: 'x' }],
      }),
      updateCreatives(w.deps, m, { client_uid: 'client-a', confirm_media: 'MATT-30A' }),
      playCreative(w.deps, m, { client_uid: 'client-a', creative_id: 'MATT-30A' }),
      clientCreatives(w.deps, m, { client_uid: 'client-a' }),
    ];

    for (const call of calls) await expect(call).rejects.toMatchObject({ status: 404 });
  });
});

describe('play_creative', () => {
  test('answers a signed GET valid 5 minutes, served as the type read from the content', async () => {
    const w = await creativesWorld();
    const { key } = await upload(w, WAV, 'audio/x-wav');
    await updateCreatives(w.deps, caller('alice'), {
      client_uid: 'client-a',
      confirm_media: 'MATT-30A',
    });

    const out = await playCreative(w.deps, caller('vic'), {
      client_uid: 'client-a',
      creative_id: 'MATT-30A',
    });

    expect(out).toEqual({
      url: `https://media.test/${key.replace(/^pending\//, 'media/')}?get&type=audio/wav&ttl=${MEDIA_PLAY_TTL_S}`,
      content_type: 'audio/wav',
      expires_at: '2026-11-20T15:05:00.000Z',
    });
  });

  test('a creative without accepted media answers 404', async () => {
    const w = await creativesWorld();
    await upload(w, WAV, 'audio/wav');

    const play = playCreative(w.deps, caller('alice'), {
      client_uid: 'client-a',
      creative_id: 'MATT-30A',
    });

    await expect(play).rejects.toMatchObject({ status: 404, message: 'Media not found.' });
  });
});
