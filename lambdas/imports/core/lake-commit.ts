import { Conflict } from '#shared/errors';
import type { LakeDataset } from '#shared/lake';
import type { GenerationPointer, ImportDeps, SwitchExtras } from './ports';

/** Imports of one dataset that switched first before this one gives up (each retry re-merges). */
export const MAX_SWITCH_TRIES = 5;

/** Partition objects written or copied at once (S3 calls in flight). */
export const LAKE_CONCURRENCY = 6;

/** What building a new generation produced. */
export interface BuiltGeneration<R> {
  /** What the import reports (counts of the attempt that switched). */
  result: R;
  /** Dates whose partition the build wrote into the new generation (the changed ones). */
  written: ReadonlySet<string>;
  /** Written in the switch's transaction. */
  extras?: SwitchExtras;
}

/**
 * Builds a new generation of a client's dataset: reads partitions of `from.gen`, merges, and
 * writes the changed ones into generation `to`. It may run again (after another import switched
 * first), so it starts from nothing each time.
 */
export type GenerationBuild<R> = (
  from: GenerationPointer,
  to: string,
) => Promise<BuiltGeneration<R>>;

/** Runs `work` over `items`, `concurrency` at a time. */
export async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
}

/** A fresh generation name (layers/shared/lake.ts GENERATION_NAME) from an id. */
export const generationName = (id: string) =>
  `g${id.toLowerCase().replace(/[^a-z0-9-]/g, '')}`.slice(0, 64);

/**
 * Applies an import to one client dataset all-or-nothing (layers/shared/lake.ts generations).
 * Steps: 1. read the dataset's pointer (current generation G, version v); 2. record a fresh
 * generation N as pending (so the sweeper can delete it should this import die); 3. build:
 * merge the incoming rows into G's partitions and write the changed ones as N's; 4. copy G's
 * other partitions into N; 5. switch the pointer from G@v to N with one conditional write, in
 * one transaction with `extras`; readers then see all of N, and until then all of G, so a crash
 * at any point leaves the data as it was; 6. when another import switched first, drop N and
 * start again from 1 on the newer generation, so concurrent imports of the same client keep
 * each other's rows. An import that changes nothing writes and switches nothing.
 * @returns the result of the build that switched (or changed nothing).
 * @throws Conflict after MAX_SWITCH_TRIES lost switches.
 */
export async function commitGeneration<R>(
  deps: Pick<ImportDeps, 'lake' | 'generations' | 'newId' | 'now'>,
  clientUid: string,
  dataset: LakeDataset,
  build: GenerationBuild<R>,
): Promise<R> {
  for (let attempt = 1; attempt <= MAX_SWITCH_TRIES; attempt++) {
    const from = await deps.generations.current(clientUid, dataset);
    const to = { gen: generationName(deps.newId()), since: deps.now() };
    await deps.generations.begin(clientUid, dataset, to.gen, to.since);
    const built = await build(from, to.gen);
    const pending = { clientUid, dataset, gen: to.gen, since: to.since.toISOString() };
    if (built.written.size === 0) {
      await deps.generations.forget({ ...pending, kind: 'pending' });
      return built.result;
    }
    const others = (await deps.lake.listDates(clientUid, dataset, from.gen)).filter(
      (date) => !built.written.has(date),
    );
    await inParallel(others, LAKE_CONCURRENCY, (date) =>
      deps.lake.copyPartition(clientUid, dataset, date, from.gen, to.gen),
    );
    if (await deps.generations.switchTo(clientUid, dataset, from, to, deps.now(), built.extras)) {
      return built.result;
    }
    await deps.lake.deleteGeneration(clientUid, dataset, to.gen);
    await deps.generations.forget({ ...pending, kind: 'pending' });
  }
  throw new Conflict('Other imports of this client kept changing it; please try again.');
}
