import { describe, expect, test } from 'vitest';
import { audioOrVideoType } from '../../../../lambdas/creatives/core/media-type';
import { mp3Bytes, mp4Bytes, pngBytes, wavBytes } from '../../../support/media-bytes';

describe('audioOrVideoType', () => {
  test.each([
    ['an MP4', mp4Bytes(), 'video/mp4'],
    ['an MP3', mp3Bytes(), 'audio/mpeg'],
    ['a WAV', wavBytes(0.1), 'audio/wav'],
  ])('accepts %s by its first bytes', async (_what, bytes, type) => {
    expect(await audioOrVideoType(bytes)).toBe(type);
  });

  test.each([
    ['a PNG (whatever it is called)', pngBytes()],
    ['a PDF', new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')],
    ['plain text', new TextEncoder().encode('station,date,time\nWABC,2026-11-01,08:00\n')],
    ['nothing', new Uint8Array()],
  ])('refuses %s', async (_what, bytes) => {
    expect(await audioOrVideoType(bytes)).toBeNull();
  });
});
