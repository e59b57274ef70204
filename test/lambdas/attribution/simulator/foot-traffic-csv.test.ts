import { describe, expect, test } from 'vitest';
import { footTrafficCsvChunks } from '../../../../lambdas/attribution/simulator/foot-traffic-csv';
import { simulateVisits } from '../../../../lambdas/attribution/simulator/simulate-visits';
import { airing } from '../core/fixtures';

const FROM = Date.UTC(2016, 3, 4) / 1000;

function sim() {
  return simulateVisits({
    airings: [airing({ id: '1', startUtc: FROM + 2 * 86400 + 15 * 3600, market: '501' })],
    fromUtc: FROM,
    toUtc: FROM + 3 * 86400,
    tvHomesByDma: new Map([['501', 7_000_000]]),
    seed: 7,
    dailyVisits: 2_400,
  });
}

function rows(text: string) {
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
}

describe('footTrafficCsvChunks', () => {
  test("each DMA's hourly store visits are split over its stores, keeping the hour's total", () => {
    const simulation = sim();
    let known = 0;
    for (const b of simulation.batches())
      if (b.dmaCode !== '') for (const s of b.sessions) known += s;

    const csv = [...footTrafficCsvChunks(simulation, 2)].join('');

    expect(csv.startsWith('hour_utc,location_id,dma_code,visits\n')).toBe(true);
    const parsed = rows(csv);
    expect(new Set(parsed.map((r) => r[1]))).toEqual(new Set(['Store 501-1', 'Store 501-2']));
    expect(parsed.every((r) => r[0]?.endsWith(':00:00Z') && r[2] === '501')).toBe(true);
    expect(parsed.reduce((sum, r) => sum + Number(r[3]), 0)).toBe(known);
    const first = parsed
      .filter((r) => r[1] === 'Store 501-1')
      .reduce((s, r) => s + Number(r[3]), 0);
    expect(first / known).toBeCloseTo(0.6, 1);
  });

  test('refuses a store count it cannot split', () => {
    expect(() => [...footTrafficCsvChunks(sim(), 4)]).toThrow('locationsPerDma');
  });
});
