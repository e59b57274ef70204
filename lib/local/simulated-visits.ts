import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { loadDmas } from '#shared/reference/dmas';
import { footTrafficCsvChunks } from '../../lambdas/attribution/simulator/foot-traffic-csv';
import {
  type Simulation,
  simulateVisits,
} from '../../lambdas/attribution/simulator/simulate-visits';
import { visitsCsvChunks } from '../../lambdas/attribution/simulator/visits-csv';
import { readPostlogFile } from '../../lambdas/imports/core/read-postlog-file';

/** What {@link writeSimulatedVisits} produced. */
export interface SimulatedVisits {
  /** Airings of the post-log inside the simulated range. */
  airings: number;
  /** Simulated range [fromUtc, toUtc), epoch seconds UTC (whole UTC days). */
  fromUtc: number;
  toUtc: number;
  /** Ground truth: visits the simulator injected in response to airings (sum over airings). */
  injectedVisits: number;
}

/** Options of the simulated files. */
export interface SimulationOptions {
  dataDir: string;
  seed: number;
  /** Baseline visits per day over every DMA (simulator default 40,000). */
  dailyVisits?: number;
  range?: { fromUtc: number; toUtc: number };
}

/**
 * Simulates a website's minute visits for a post-log (the simulator of method note §5.4,
 * lambdas/attribution/simulator) and writes them as a visits CSV (minute_utc, dma_code,
 * sessions, new_users, pageviews) to `dest`. The range covers the post-log's UTC days, or
 * `range` when given. Visits come from the post-log's DMAs, sized by TV homes from
 * `<dataDir>/nielsen-dma` when present (else equal); national airings spread over them.
 * @throws when the post-log cannot be read.
 */
export async function writeSimulatedVisits(
  postlogPath: string,
  dest: string,
  opts: SimulationOptions,
): Promise<SimulatedVisits> {
  const sim = await simulateForPostlog(postlogPath, opts);
  await writeChunks(dest, visitsCsvChunks(sim.simulation));
  return sim.summary;
}

/**
 * The same simulation read as hourly store visits (foot traffic, for the demo): two
 * stores per DMA, written as an `hour_utc,location_id,dma_code,visits` CSV to `dest`. Use a
 * smaller `dailyVisits` and another seed than the website's visits.
 * @throws when the post-log cannot be read.
 */
export async function writeSimulatedFootTraffic(
  postlogPath: string,
  dest: string,
  opts: SimulationOptions,
): Promise<SimulatedVisits> {
  const sim = await simulateForPostlog(postlogPath, opts);
  await writeChunks(dest, footTrafficCsvChunks(sim.simulation, 2));
  return sim.summary;
}

async function simulateForPostlog(
  postlogPath: string,
  opts: SimulationOptions,
): Promise<{ simulation: Simulation; summary: SimulatedVisits }> {
  const { airings } = await readPostlogFile(postlogPath, {
    dataDir: opts.dataDir,
    advertiser: 'Demo',
  });
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const a of airings) {
    first = Math.min(first, a.startUtc);
    last = Math.max(last, a.startUtc);
  }
  const fromUtc = opts.range?.fromUtc ?? Math.floor(first / 86400) * 86400;
  const toUtc = opts.range?.toUtc ?? (Math.floor(last / 86400) + 1) * 86400;
  // Visits come from the markets the advertiser airs in (national airings spread over them).
  const markets = new Set(airings.map((a) => a.market));
  const dmas = [...(await loadDmas(opts.dataDir)).values()].filter((d) => markets.has(d.code));
  const simulation = simulateVisits({
    airings,
    fromUtc,
    toUtc,
    tvHomesByDma: new Map(dmas.map((d) => [d.code, d.tvHomes])),
    seed: opts.seed,
    ...(opts.dailyVisits ? { dailyVisits: opts.dailyVisits } : {}),
  });
  return {
    simulation,
    summary: {
      airings: simulation.truth.length,
      fromUtc,
      toUtc,
      injectedVisits: simulation.truth.reduce((s, t) => s + t.injected, 0),
    },
  };
}

async function writeChunks(dest: string, chunks: Iterable<string>): Promise<void> {
  const file = createWriteStream(dest);
  for (const chunk of chunks) {
    if (!file.write(chunk)) await once(file, 'drain');
  }
  file.end();
  await once(file, 'finish');
}
