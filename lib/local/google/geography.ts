import { placeForDma } from '#shared/reference/geo-dma';

/** A visit's geography as GA4 reports it (`city`, `region`, `country` dimensions). */
export interface GaPlace {
  city: string;
  region: string;
  country: string;
}

/** GA4's value for a dimension it could not determine. */
export const NOT_SET = '(not set)';

/**
 * Where the simulator's unknown-geography visits show up in GA4, with their shares: a U.S. visit
 * whose city Google could not place, one with no location at all, and visits from abroad. None of
 * them maps to a DMA (they count as unknown geography, which national airings use).
 */
export const UNKNOWN_PLACES: ReadonlyArray<{ place: GaPlace; share: number }> = [
  { place: { city: NOT_SET, region: NOT_SET, country: 'United States' }, share: 0.45 },
  { place: { city: NOT_SET, region: NOT_SET, country: NOT_SET }, share: 0.2 },
  { place: { city: 'Toronto', region: 'Ontario', country: 'Canada' }, share: 0.15 },
  { place: { city: 'London', region: 'England', country: 'United Kingdom' }, share: 0.12 },
  { place: { city: 'Mexico City', region: 'Mexico City', country: 'Mexico' }, share: 0.08 },
];

/**
 * The GA4 geography of a simulated DMA: its principal city (layers/shared/reference/geo-dma.ts,
 * which maps back to the same DMA), or a U.S. `(not set)` city for a code it does not know.
 */
export function gaPlaceOfDma(dmaCode: string): GaPlace {
  try {
    return placeForDma(dmaCode);
  } catch {
    return { city: NOT_SET, region: NOT_SET, country: 'United States' };
  }
}

/** Index into UNKNOWN_PLACES for a uniform draw `u` in [0, 1). */
export function unknownPlaceIndex(u: number): number {
  let sum = 0;
  for (let i = 0; i < UNKNOWN_PLACES.length; i++) {
    sum += (UNKNOWN_PLACES[i] as { share: number }).share;
    if (u < sum) return i;
  }
  return UNKNOWN_PLACES.length - 1;
}
