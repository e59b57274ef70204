/** An empty output column of `n` rows. */
export function newColumn(integer: boolean, n: number): Float64Array | Int32Array {
  return integer ? new Int32Array(n) : new Float64Array(n);
}

/**
 * Output arrays kept between reads of one caller (a warm process reading the same range again,
 * the benchmark): fresh arrays of ~60 MB per 3M-row read cost page faults and push V8 into full
 * garbage collections while DuckDB wants the same cores. A column is reused when the next read
 * has the same row count (every element is overwritten). Handing a pool to a read INVALIDATES
 * the result of the previous read made with the same pool.
 */
export class ColumnPool {
  private readonly kept: (Float64Array | Int32Array | undefined)[] = [];

  /** Column `k` of a read of `n` rows: the kept one when its type and length match. */
  take(k: number, integer: boolean, n: number): Float64Array | Int32Array {
    const kept = this.kept[k];
    if (kept && kept.length === n && kept instanceof Int32Array === integer) return kept;
    const fresh = newColumn(integer, n);
    this.kept[k] = fresh;
    return fresh;
  }

  /**
   * Column `k` with room for at least `n` rows, its first `keep` rows kept: the kept array when
   * long enough, else a fresh one of at least twice the old length (so a read that does not know
   * its row count in advance grows it a few times, then reuses it). The read returns a view of
   * its first rows.
   */
  atLeast<T extends Float64Array | Int32Array>(
    k: number,
    integer: boolean,
    n: number,
    keep: number,
  ): T {
    const kept = this.kept[k];
    if (kept && kept.length >= n && kept instanceof Int32Array === integer) return kept as T;
    const fresh = newColumn(integer, Math.max(n, 2 * (kept?.length ?? 0)));
    if (kept && kept instanceof Int32Array === integer) fresh.set(kept.subarray(0, keep));
    this.kept[k] = fresh;
    return fresh as T;
  }
}
