/** Two hex digits of each byte value. */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A 32-bit value as 8 hex digits. */
const hex8 = (v: number) =>
  HEX[v >>> 24]! + HEX[(v >>> 16) & 255]! + HEX[(v >>> 8) & 255]! + HEX[v & 255]!;

/** The two running hashes of airingKey (module state: the function is called once per row). */
let ha = 0;
let hb = 0;

/** Feeds the UTF-16 code units of `text` to both hashes. */
function feed(text: string) {
  let a = ha;
  let b = hb;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  ha = a;
  hb = b;
}

/**
 * The idempotency key of an airing (importing the same file twice adds no airing twice):
 * a stable 64-bit hash, as 16 hex characters, of station (upper case), start second
 * (epoch s UTC), market and creative, joined by `|`. Two FNV-1a 32-bit hashes with different
 * offsets, fed piece by piece (the same key as hashing the joined text, without building it).
 */
export function airingKey(
  station: string,
  startUtc: number,
  market: string,
  creative: string | null,
): string {
  ha = 0x811c9dc5;
  hb = 0x050c5d1f;
  feed(station.trim().toUpperCase());
  feed(`|${startUtc}|`);
  feed(market);
  feed('|');
  if (creative) feed(creative);
  return hex8(ha >>> 0) + hex8(hb >>> 0);
}
