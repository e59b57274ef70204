/**
 * Seeded pseudo-random numbers for the visits simulator and the engine's tests
 * (method note §5.4 benchmark scenarios). mulberry32 core; normal by Box–Muller; gamma by
 * Marsaglia–Tsang; Poisson by inversion (λ < 30) or the rounded normal approximation.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  normal(): number;
  /** Gamma(shape, scale 1). shape > 0. */
  gamma(shape: number): number;
  poisson(lambda: number): number;
  /** Binomial(n, p): exact Bernoulli sum for n ≤ 40, normal approximation above. */
  binomial(n: number, p: number): number;
}

/** 32-bit string hash (FNV-1a), to derive sub-seeds from names. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Creates a generator from an integer seed (same seed → same sequence). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let spare: number | null = null;
  const normal = () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    let u = next();
    while (u <= 1e-12) u = next();
    const v = next();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
  const gamma = (shape: number): number => {
    if (shape < 1) return gamma(shape + 1) * next() ** (1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const z = normal();
      const v0 = 1 + c * z;
      if (v0 <= 0) continue;
      const v = v0 * v0 * v0;
      const u = next();
      if (Math.log(u) < 0.5 * z * z + d - d * v + d * Math.log(v)) return d * v;
    }
  };
  const poisson = (lambda: number): number => {
    if (!(lambda > 0)) return 0;
    if (lambda >= 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normal()));
    const l = Math.exp(-lambda);
    let k = 0;
    let p = next();
    while (p > l) {
      k++;
      p *= next();
    }
    return k;
  };
  const binomial = (n: number, p: number): number => {
    if (n <= 0) return 0;
    if (n <= 40) {
      let k = 0;
      for (let i = 0; i < n; i++) if (next() < p) k++;
      return k;
    }
    const v = Math.round(n * p + Math.sqrt(n * p * (1 - p)) * normal());
    return Math.min(n, Math.max(0, v));
  };
  return { next, normal, gamma, poisson, binomial };
}
