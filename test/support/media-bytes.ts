/**
 * Small media files made from bytes, for the creatives' tests: a playable WAV (PCM silence), the
 * start of an MP4 (ftyp box) and of an MP3 (an MPEG frame header after an ID3 tag), and a PNG
 * (to pass off as a .mp4).
 */

/** A valid PCM WAV: mono, 8 kHz, 16-bit, `seconds` of a quiet 440 Hz tone. */
export function wavBytes(seconds = 1): Uint8Array {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const data = samples * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  for (let i = 0; i < samples; i++)
    buf.writeInt16LE(Math.round(2000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return new Uint8Array(buf);
}

/** The start of an MP4 (ISO base media): an `ftyp` box (isom, mp42), then an empty `free` box. */
export function mp4Bytes(): Uint8Array {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'ascii'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp42', 'ascii'),
  ]);
  const free = Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('free', 'ascii')]);
  return new Uint8Array(Buffer.concat([ftyp, free, Buffer.alloc(64)]));
}

/** The start of an MP3: an ID3v2.3 tag with no frames, then MPEG-1 Layer III frame headers. */
export function mp3Bytes(): Uint8Array {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return new Uint8Array(Buffer.concat([id3, frame, frame, frame]));
}

/** A 1x1 PNG's signature and IHDR chunk: an image, whatever its file is called. */
export function pngBytes(): Uint8Array {
  return new Uint8Array(
    Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2b2a8b10000000049454e44ae426082',
      'hex',
    ),
  );
}
