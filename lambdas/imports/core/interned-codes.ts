/**
 * Strings numbered in the order they are first seen: the DMA codes of columnar visits, whose
 * rows hold a small index into `codes` instead of the code itself.
 */
export class InternedCodes {
  /** Every code seen, at its number. */
  readonly codes: string[] = [];
  private readonly numbers = new Map<string, number>();

  /** The number of `code`, giving it the next one when it is new. */
  of(code: string): number {
    let n = this.numbers.get(code);
    if (n === undefined) {
      n = this.codes.length;
      this.codes.push(code);
      this.numbers.set(code, n);
    }
    return n;
  }
}
