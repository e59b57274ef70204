import { describe, expect, test } from 'vitest';
import { MEDIA_MAX_BYTES, updateCreativesInputSchema } from '#shared/contracts/creatives.schema';

const edit = (over: Record<string, unknown>) => ({
  client_uid: 'client-a',
  creatives: [{ creative_id: 'MATT-30A', ...over }],
});

/** The first issue's path and message, or null when the input is valid. */
function problem(input: unknown) {
  const out = updateCreativesInputSchema.safeParse(input);
  return out.success
    ? null
    : { path: out.error.issues[0]?.path.join('.'), message: out.error.issues[0]?.message };
}

describe('update_creatives input', () => {
  test('takes a rename, an ISCI (stored upper-case) and a length in seconds', () => {
    const out = updateCreativesInputSchema.parse(
      edit({ name: ' Spring :30 ', isci: 'abcd1234', length_s: 30 }),
    );

    expect(out).toEqual({
      client_uid: 'client-a',
      creatives: [{ creative_id: 'MATT-30A', name: 'Spring :30', isci: 'ABCD1234', length_s: 30 }],
    });
  });

  test('takes an upload of audio or video up to 500 MB', () => {
    expect(
      problem(edit({ media: { content_type: 'video/mp4', size_bytes: MEDIA_MAX_BYTES } })),
    ).toBeNull();
    expect(problem(edit({ media: { content_type: 'audio/mpeg', size_bytes: 1 } }))).toBeNull();
  });

  test.each([
    [
      { media: { content_type: 'image/png', size_bytes: 10 } },
      'creatives.0.media.content_type',
      'Attach an audio or video file (MP4, MOV, MP3, WAV...).',
    ],
    [
      { media: { content_type: 'video/mp4', size_bytes: MEDIA_MAX_BYTES + 1 } },
      'creatives.0.media.size_bytes',
      'The file is larger than 500 MB.',
    ],
    [
      { media: { content_type: 'video/mp4', size_bytes: 0 } },
      'creatives.0.media.size_bytes',
      'The file is empty.',
    ],
    [{ isci: 'AB-1' }, 'creatives.0.isci', 'An ISCI is 4 to 15 letters and digits, e.g. ABCD1234.'],
    [{ length_s: 12.5 }, 'creatives.0.length_s', 'A length is a whole number of seconds.'],
    [{ length_s: 0 }, 'creatives.0.length_s', 'A length is at least 1 second.'],
    [{ name: '  ' }, 'creatives.0.name', 'A name cannot be empty.'],
  ])('refuses %j naming the field', (over, path, message) => {
    const out = problem(edit(over));

    expect(out).toEqual({ path, message });
  });

  test('takes the confirmation of an upload', () => {
    expect(
      updateCreativesInputSchema.parse({ client_uid: 'c', confirm_media: 'MATT-30A' }),
    ).toEqual({
      client_uid: 'c',
      confirm_media: 'MATT-30A',
    });
  });
});
