import {
  type HourClasses,
  hourClasses,
  type MarketBlock,
  marketBlock,
  weighBlock,
} from './hourly-blocks';
import {
  addBlockDayparts,
  addSingleDayparts,
  type SingleOwners,
  singleOwners,
} from './hourly-daypart-sums';
import {
  DAYPART_GROUPS,
  daypartSums,
  entryHours,
  solveDayparts,
  zoneClocks,
} from './hourly-dayparts';
import { entryMultipliers, type SlotRates, slotLocals, slotRates, unitsOf } from './hourly-rates';
import { memberships, sweep } from './hourly-sweep';
import { packedMap } from './packed-map';
import type { SharedMarket } from './response-split';

/** Most coordinate-descent sweeps of {@link regressResponse}; the ranks are settled well before. */
export const REGRESSION_SWEEPS = 30;
/**
 * {@link regressResponse} stops early once no station's β moved in a sweep by more than this
 * share of the largest β of the stations that moved: 9-13 sweeps on the accuracy bench's hourly
 * rows (real schedule, seeds 1-8) where 10⁻³ took 17-23. The split only needs the stations' β relative to each other, and
 * those no longer move by then: after the station shrinkage the hourly rank correlation was
 * 0.734/0.724/0.760 (seeds 1-3) against 0.730/0.717/0.753 at 10⁻³, mean over seeds 1-8 0.734
 * against 0.732 (small generated schedule, seeds 1-12: mean −0.002), for about half the sweeps.
 */
export const REGRESSION_TOLERANCE = 1e-2;

/** Inputs of {@link regressResponse}. */
export interface HourlyRegressionInput {
  markets: SharedMarket[];
  /**
   * Per market, per airing slot of its log: the slot's fixed factor (see response-split.ts); a
   * slot's cell is its airing's (`cellOf`). null = flat factors (Slots.flat): a slot's factor is
   * 1, or its market's `scale` for a national airing in a DMA, read from `isNational`.
   */
  slotFactor: Float64Array[] | null;
  /** Per airing: 1 = national (read only with flat factors). */
  isNational: Uint8Array;
  /** Cell of every airing, and the unit (station) of every cell. */
  cellOf: Int32Array;
  cellUnit: Int32Array;
  units: number;
  /** Per airing, over the buckets it owned alone: Σ x, Σ b and their number (already credited). */
  observed: Float64Array;
  expected: Float64Array;
  share: Float64Array;
  /**
   * Per market: the mean positive expected response of its slots, the scale of the split's floor;
   * rewritten here at the regressed ρ (the first split has no earlier pass to take it from).
   */
  meanPositive: Float64Array;
  /** Per airing: its first bucket (AiringGrid.first); read only when `from` > 0. */
  first: Int32Array;
  /**
   * The first bucket whose baseline rests on minBaselineWeeks weeks of history (buckets from the
   * series start); the observations before it are left out ({@link regressResponse}). 0 = all.
   */
  from: number;
  /**
   * The daypart multipliers' inputs ({@link HourlyDayparts}); absent = none (every d = 1, and the
   * hour levels α by bucket mod 24 instead of the local hour).
   */
  dayparts?: HourlyDayparts;
}

/**
 * What the daypart multipliers need: where each bucket is on the local clock, each station's
 * daypart set, and where to write the slots' factors with their daypart's multiplier.
 */
export interface HourlyDayparts {
  /** Start of the hourly series (bucket 0), epoch seconds UTC, and its number of buckets. */
  startUtc: number;
  length: number;
  /** Per market (as `markets`): its IANA zone (undefined = UTC). */
  tz: (string | undefined)[];
  /** Per unit (station): its zone (that of its first airing: a station airs on one clock). */
  unitTz: (string | undefined)[];
  /** Per unit (station): its daypart set, 0 = TV, 1 = radio. */
  unitSet: Uint8Array;
  /**
   * Written: per market without a block (the national one; empty for the DMAs, whose slots are
   * weighed by their SlotRates), per log entry, the multiplier of a TV and of a radio station in
   * the entry's bucket ([2e], [2e + 1]), which the split multiplies every slot's factor by.
   */
  entryMul: Float64Array[];
}

/**
 * Rounds of the daypart multipliers: β, then d given β, then β again, and so on; the last round
 * solves β. Three (two steps of d): on the accuracy bench's hourly rows the rank correlation
 * was within 0.003 of four rounds' and 0.01-0.04 above two rounds'.
 */
export const DAYPART_ROUNDS = 3;

/**
 * Sweeps of β in a round before the last: the multipliers are re-estimated after it anyway, so β
 * need not settle there (on the accuracy bench's hourly rows, 3 gave the rank correlation of
 * unlimited sweeps, mean 0.784 against 0.781 on seeds 1-8 and 0.710 against 0.714 on 9-16).
 */
export const DAYPART_SWEEPS = 3;

/**
 * Ridge penalty on every station's β, relative to the median curvature Σ w·f² of the stations'
 * columns. Its main effect is on the networks: their columns in DMA buckets are about 1/100 of a
 * local station's (f = the DMA's share of national visits), so their β stays near 0 unless the
 * DMAs show it clearly, and a network no longer takes a share of the DMA's hour (and with it the
 * local stations' response) on the strength of noise. 0.1 raised the accuracy bench's hourly rank
 * correlation (real schedule, seeds 1-3) by 0.01-0.06; 0.3 and 1 by less, and less evenly.
 */
export const RIDGE = 0.1;

/**
 * Expected response per bucket of every station, from a regression of the hour buckets' excess on
 * the stations active in them (docs/attribution-method.md §8): in hour mode one bucket holds many
 * airings of many stations, and the mean attributed per airing of a few multiplicative re-splits
 * barely separates them, while the excess of the buckets a station is in (and is not in) does.
 *
 * Model, per DMA bucket t of market m:
 *   e(t) = x(t) − b(t) ≈ α_{m,h(t)} + d_{g(t)}·Σ_{slots q of t} f_q·β_{u(q)},
 * with f_q the slot's fixed factor (impressions; for a national airing the DMA's share of national
 * visits), u(q) the station of its cell, α a free (signed) level per market and local hour of the
 * day h(t) that absorbs the hourly baseline's error by hour, so that a station airing at hours
 * where the baseline runs low is not credited with it, and d ≥ 0 a response multiplier per
 * daypart g(t) of the bucket's local hour (on the station's set, TV or radio), shared by every
 * market (hourly-dayparts.ts): prime-time airings bring more than daytime ones, and with one β
 * per station the surplus of a busy prime-time hour went to whichever station aired there. With
 * `p.dayparts` absent, d ≡ 1 and h(t) = t mod 24. Observations, each weighted by
 * 1/max(b, 1) (the variance of a count grows with its mean):
 * - every logged shared bucket of a DMA (local and national sharers);
 * - every local airing's single-owner buckets (their Σ x − Σ b over their number, at the mean
 *   baseline).
 * The national market's buckets are left out, shared and single-owner alike: they hold the whole
 * country's traffic, whose baseline error (about 1% of 3,000 visits an hour) is larger than any
 * airing's response and would be read as the response of the national networks; a network's β
 * comes from the DMA buckets alone, where its response is scaled by the DMA's share. (Its
 * single-owner buckets, at weight 1/b but factor 1, outweighed all its DMA buckets together, at
 * factor s ≈ 0.01: the networks took about 4x their response, and with it a DMA's share.)
 * Only observations whose baseline rests on minBaselineWeeks weeks of history count: buckets from
 * `p.from` on, and the single-owner buckets of airings starting there (all of them when no
 * observation is that late, e.g. a short series). Before it the baseline is a fallback (the same
 * hour of nearby days: a daily shape, not a weekly one); its error is not Poisson, and the weight
 * 1/b gives a baseline that runs far low the most weight: on the accuracy bench one first-day
 * bucket (354 visits against a baseline of 29.5, the night's rate, the first day's fallback
 * before it took the following days' same hour) gave a no-effect station a β with z ≈ 11.
 * Minimises Σ w·(e − α − d·Σ f·β)² + λ·Σ β², λ = {@link RIDGE} × the median of the stations'
 * Σ w·f², for β ≥ 0 by coordinate descent from β = 0, α = 0, alternating with d for
 * {@link DAYPART_ROUNDS} rounds ({@link DAYPART_SWEEPS} sweeps of β in all but the last, which runs
 * to the stopping rule or {@link REGRESSION_SWEEPS}); a station with no observation keeps 0 (the
 * split's floor then shares its buckets equally). Writes β_{u(c)} into `rho[c]` for every cell,
 * every market's `meanPositive` at that ρ and its multipliers, and `p.dayparts.entryMul`; returns
 * per market the {@link SlotRates} of its slots (null for the national market: no block), valid
 * until the next call (their slot indexes live in a buffer it reuses).
 * The sweeps read each DMA's sums of products (its {@link MarketBlock}) instead of the buckets:
 * the same steps, in the same order, as a sweep over the buckets' residuals, at a cost per sweep
 * of the blocks' size rather than of the buckets (the 9-13 sweeps of the accuracy bench's hourly
 * rows took 0.5 ms in all against 3.4 ms). Deterministic (the markets in the given order).
 */
export function regressResponse(p: HourlyRegressionInput, rho: Float64Array): (SlotRates | null)[] {
  const { markets } = p;
  const stations = p.units;
  const national = nationalUnits(p);
  const from = regressionFrom(p);
  const dp = p.dayparts ?? null;
  const clocks = dp === null ? null : zoneClocks(dp.startUtc, dp.length);
  // Per airing: its unit (station), read once per slot by the blocks.
  const unitOf = unitsOf(p);
  const single = singleOwners(p, unitOf, national, from, clocks);
  const blocks: MarketBlock[] = [];
  const localOf = new Int32Array(stations).fill(-1);
  const slotLocal = slotLocals(markets);
  let slotAt = 0;
  const zones = packedMap(markets, (_, mi) =>
    dp === null || clocks === null ? null : clocks.of(dp.tz[mi]),
  );
  const hours = packedMap(markets, (m, mi) => {
    const z = zones[mi];
    return z ? entryHours(m.log, z.clock) : null;
  });
  // Without radio stations only the TV dayparts tell hours apart: fewer classes to sum by.
  const radio = dp?.unitSet.includes(1) ?? false;
  const classes = packedMap(zones, (z) => hourClasses(z ? z.groups : null, radio));
  for (let mi = 0; mi < markets.length; mi++) {
    const m = markets[mi] as SharedMarket;
    if (m.national || m.log.length === 0) continue;
    const own = slotLocal.subarray(slotAt, slotAt + m.log.used);
    slotAt += m.log.used;
    blocks.push(
      marketBlock(
        p,
        unitOf,
        own,
        mi,
        localOf,
        from,
        hours[mi] as Uint8Array | null,
        classes[mi] as HourClasses,
      ),
    );
  }
  const member = memberships(stations, blocks);
  const d = new Float64Array(DAYPART_GROUPS).fill(1);
  const beta = new Float64Array(stations);
  const rounds = dp === null ? 1 : DAYPART_ROUNDS;
  for (let round = 0; round < rounds; round++) {
    if (round > 0) for (const b of blocks) weighBlock(b, d);
    solveStations(
      single,
      blocks,
      member,
      d,
      beta,
      round === rounds - 1 ? REGRESSION_SWEEPS : DAYPART_SWEEPS,
    );
    if (round === rounds - 1) break;
    const sums = daypartSums();
    for (const b of blocks) addBlockDayparts(b, beta, sums);
    addSingleDayparts(single, beta, sums);
    solveDayparts(sums, d);
  }
  for (let c = 0; c < rho.length; c++) rho[c] = beta[p.cellUnit[c] as number] as number;
  const blockOf = new Int32Array(markets.length).fill(-1);
  blocks.forEach((b, bi) => {
    blockOf[b.market] = bi;
  });
  // The markets without a block (the national one) weigh their slots by entry multipliers.
  if (dp !== null) dp.entryMul = entryMultipliers(p, hours, classes, d, blockOf);
  // Every ρ·f is ≥ 0 (β ≥ 0, factors ≥ 0): a DMA's Σ_q max(ρ·f, 0) is Σ_i β_i·(Σ f_i), read
  // from its block instead of a walk of its slots.
  for (let mi = 0; mi < markets.length; mi++) {
    const used = (markets[mi] as SharedMarket).log.used;
    const bi = blockOf[mi] as number;
    let positive = 0;
    if (bi >= 0) {
      const { units, factorSum } = blocks[bi] as MarketBlock;
      for (let i = 0; i < units.length; i++) {
        positive += (beta[units[i] as number] as number) * (factorSum[i] as number);
      }
    } else {
      // The national market (no block): its slots' factors are 1 when flat.
      const { airings } = (markets[mi] as SharedMarket).log;
      const { start } = (markets[mi] as SharedMarket).log;
      const factor = p.slotFactor === null ? null : (p.slotFactor[mi] as Float64Array);
      const mul = dp === null ? null : (dp.entryMul[mi] as Float64Array);
      for (let e = 0; e < (markets[mi] as SharedMarket).log.length; e++) {
        for (let q = start[e] as number; q < (start[e + 1] as number); q++) {
          const c = p.cellOf[airings[q] as number] as number;
          let v = (rho[c] as number) * (factor === null ? 1 : (factor[q] as number));
          if (mul !== null && dp !== null) {
            v *= mul[2 * e + (dp.unitSet[p.cellUnit[c] as number] as number)] as number;
          }
          if (v > 0) positive += v;
        }
      }
    }
    p.meanPositive[mi] = used > 0 ? positive / used : 0;
  }
  return packedMap(markets, (_, mi) => {
    const bi = blockOf[mi] as number;
    return bi < 0 ? null : slotRates(blocks[bi] as MarketBlock, beta, d, p.slotFactor !== null);
  });
}

/**
 * The stations' β at the multipliers `d` (the blocks already weighed by them), by coordinate
 * descent from the β and α in place; the ridge is {@link RIDGE} × the median curvature.
 */
function solveStations(
  single: SingleOwners,
  blocks: MarketBlock[],
  member: ReturnType<typeof memberships>,
  d: Float64Array,
  beta: Float64Array,
  sweeps: number,
): void {
  const { stations, groups: G, weight, excess } = single;
  // Single-owner buckets: Σ_t w (e(t) − d·β)² = const − 2β·w·d·Σe + w·n·d²·β², per airing.
  const diag = new Float64Array(stations);
  const rhs = new Float64Array(stations);
  for (let u = 0; u < stations; u++) {
    let dg = 0;
    let rh = 0;
    for (let g = 0; g < G; g++) {
      const m = G === 1 ? 1 : (d[g] as number);
      dg += (weight[u * G + g] as number) * m * m;
      rh += (excess[u * G + g] as number) * m;
    }
    diag[u] = dg;
    rhs[u] = rh;
  }
  // Curvature Σ w·f² (+ the single-owner weight) of every station, then the ridge.
  const curv = Float64Array.from(diag);
  for (const b of blocks) {
    const k = b.units.length;
    for (let i = 0; i < k; i++) {
      const u = b.units[i] as number;
      curv[u] = (curv[u] as number) + (b.gram[i * k + i] as number);
    }
  }
  // Ridge toward 0: a station seen only beside others (or, a network, only at a DMA's share of
  // its response) is otherwise fit to whatever its partners leave over.
  const ridge = RIDGE * medianPositive(curv, stations);
  const pen = Float64Array.from(diag);
  for (let u = 0; u < stations; u++) {
    curv[u] = (curv[u] as number) + ridge;
    pen[u] = (pen[u] as number) + ridge;
  }
  const step = new Float64Array(2);
  for (let s = 0; s < sweeps; s++) {
    sweep(curv, pen, rhs, blocks, member, beta, step);
    // Settled: no station's β moved by a hundredth of the largest that moved (ranks no longer
    // change).
    if ((step[0] as number) <= REGRESSION_TOLERANCE * (step[1] as number)) break;
  }
}

/**
 * The first bucket the regression reads: `p.from` when some DMA bucket or some single-owner
 * airing lies at or after it, else 0 (no observation has a seasonal baseline: every one counts).
 */
function regressionFrom(p: HourlyRegressionInput): number {
  const { from } = p;
  if (!(from > 0)) return 0;
  for (const m of p.markets) {
    if (m.national) continue;
    const { t } = m.log;
    // A log holds its buckets in time order, so a late one is found first from the end.
    for (let e = m.log.length - 1; e >= 0; e--) if ((t[e] as number) >= from) return from;
  }
  for (let a = 0; a < p.share.length; a++) {
    if ((p.share[a] as number) > 0 && (p.first[a] as number) >= from) return from;
  }
  return 0;
}

/**
 * 1 for every unit (station) that has a slot in the national market's shared buckets: a national
 * network. A network with no such slot is never split (every DMA bucket it shares is also logged
 * in the national market), so its β is never read.
 */
function nationalUnits(p: HourlyRegressionInput): Uint8Array {
  const out = new Uint8Array(p.units);
  for (const m of p.markets) {
    if (!m.national) continue;
    const { airings } = m.log;
    for (let q = 0; q < m.log.used; q++) {
      out[p.cellUnit[p.cellOf[airings[q] as number] as number] as number] = 1;
    }
  }
  return out;
}

/** Median of the positive values among the first n of `v` (0 when none). */
function medianPositive(v: Float64Array, n: number): number {
  const pos: number[] = [];
  for (let i = 0; i < n; i++) if ((v[i] as number) > 0) pos.push(v[i] as number);
  if (pos.length === 0) return 0;
  pos.sort((a, b) => a - b);
  return pos[pos.length >> 1] as number;
}
