/**
 * The idempotency key of an airing (issue #2 §3: importing the same file twice adds no airing
 * twice): a stable 64-bit hash, as 16 hex characters, of station (upper case), start second
 * (epoch s UTC), market and creative. Two FNV-1a 32-bit hashes with different offsets.
 */
export function airingKey(
  station: string,
  startUtc: number,
  market: string,
  creative: string | null,
): string {
  const text = `${station.trim().toUpperCase()}|${startUtc}|${market}|${creative ?? ''}`;
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
