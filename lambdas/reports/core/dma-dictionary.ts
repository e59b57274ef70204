/**
 * A DMA code per row as a dictionary code (the form of VisitColumnsResult, ports.ts): `dmaCodes`
 * holds each distinct code once, in order of first appearance after '' (unknown geography), which
 * is always index 0; `dmaIndex[i]` is row i's position in it. For readers that get the codes as
 * strings (Athena's Parquet results) and for tests.
 * @param dmaCode DMA code per row; null or '' = unknown geography.
 * @throws RangeError for more than 65,536 distinct codes (the Uint16Array index).
 */
export function dmaDictionary(dmaCode: ReadonlyArray<string | null | undefined>): {
  dmaIndex: Uint16Array;
  dmaCodes: string[];
} {
  const dmaCodes = [''];
  const index = new Map<string, number>([['', 0]]);
  const dmaIndex = new Uint16Array(dmaCode.length);
  for (let i = 0; i < dmaCode.length; i++) {
    const code = dmaCode[i] ?? '';
    let d = index.get(code);
    if (d === undefined) {
      d = dmaCodes.push(code) - 1;
      if (d > 0xffff) throw new RangeError('dmaDictionary: more than 65,536 distinct DMA codes');
      index.set(code, d);
    }
    dmaIndex[i] = d;
  }
  return { dmaIndex, dmaCodes };
}
