import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { MarketRunner } from '../core/attribute';
import { copyDeductionLog, type DeductionLog } from '../core/deduction-log';
import type { PostWindow } from '../core/halo';
import {
  clearOwn,
  type DmaTask,
  type MarketContext,
  type MarketOutcome,
  type MarketWork,
  marketWork,
  packOwn,
  runLocalMarket,
  unpackOwn,
} from '../core/local-market';
import { copyOverlapLog, type OverlapLog, overlapBuffers } from '../core/overlap-log';
import { type Accumulators, newAccumulators } from '../core/split';

/** workerData key that makes this module serve DMA runs instead of being a plain import. */
const WORKER_TAG = 'analyticowl:attribution-markets';
/** Tasks posted ahead to each worker, so it never waits for the busy main thread to hand one over. */
const LANES_PER_WORKER = 2;
/** More threads than this do not pay: a report has tens of DMAs, most of them small. */
const MAX_WORKERS = 3;

/** Main → worker: the context of a run (sent before its tasks), or one DMA to run. */
type ToWorker =
  | { kind: 'init'; run: number; ctx: MarketContext; airings: number; buckets: number }
  | { kind: 'task'; run: number; index: number; task: DmaTask };

/** Worker → main: a finished DMA (its own airings' values packed, its log) or a failure. */
type FromWorker =
  | {
      kind: 'done';
      run: number;
      index: number;
      sumSq: number;
      sumB: number;
      phi: number;
      log: DeductionLog;
      overlap: OverlapLog | null;
      packed: Float64Array;
    }
  | { kind: 'failed'; run: number; index: number; message: string };

/**
 * Worker threads for the DMA markets of attributeWith() (the Attribute Lambda has two
 * vCPUs at 3008 MB; DMAs are independent until the national market). The main thread runs DMAs
 * too, so `workers` = 1 uses two cores. Tasks go largest first to whichever thread is free; the
 * results are absorbed in market order by attributeWith, so they are the same bits as attribute().
 *
 * The workers run this same module (the Lambda's one bundle file; under tsx or vitest the .ts file
 * through tsx), spawned on the first run and kept, unref'd while idle so they never hold the
 * process open. A worker that fails or exits hands its tasks back to the main thread and is not
 * used again. One run at a time: runs queue.
 */
export class MarketWorkers implements MarketRunner {
  /** DMA runs so far on the main thread and on workers (logs and tests read it). */
  readonly ran = { main: 0, workers: 0 };
  private slots: WorkerSlot[] | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private runs = 0;

  /**
   * @param workers threads besides the main one (0 = everything on the main thread).
   * @param script file URL of the module the workers run: this module's own file (the Lambda's
   *   bundle in AWS) unless a test names a bundle built from another entry.
   */
  constructor(
    readonly workers: number = defaultWorkerCount(),
    private readonly script: string = import.meta.url,
  ) {}

  runMarkets(
    ctx: MarketContext,
    tasks: DmaTask[],
    here: { acc: Accumulators; post: PostWindow; work: MarketWork },
  ): Promise<MarketOutcome[]> {
    const next = this.tail.then(() => this.runExclusive(ctx, tasks, here));
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** Stops the workers (tests, the benchmark); a later run starts new ones. */
  async close(): Promise<void> {
    const slots = this.slots ?? [];
    this.slots = null;
    await Promise.all(slots.map((s) => s.close()));
  }

  private async runExclusive(
    ctx: MarketContext,
    tasks: DmaTask[],
    here: { acc: Accumulators; post: PostWindow; work: MarketWork },
  ): Promise<MarketOutcome[]> {
    const run = ++this.runs;
    const out: MarketOutcome[] = new Array(tasks.length);
    // Largest first: the members count drives a DMA's cost beyond its fixed per-bucket passes.
    const queue = tasks.map((_, i) => i).sort((a, b) => cost(tasks[b]) - cost(tasks[a]));
    const runHere = (i: number) => {
      const task = tasks[i] as DmaTask;
      const o = runLocalMarket(ctx, task, here.acc, here.post, here.work);
      const overlap = o.overlap ? copyOverlapLog(o.overlap) : null;
      out[i] = { ...o, log: copyDeductionLog(o.log), overlap };
      this.ran.main++;
    };
    const live = tasks.length > 1 ? this.liveSlots() : [];
    const buckets = tasks[0]?.x.length ?? 0;
    for (const slot of live)
      slot.init({ kind: 'init', run, ctx, airings: ctx.isNational.length, buckets });
    const lane = async (slot: WorkerSlot) => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        const task = tasks[i] as DmaTask;
        const done = await slot.run({ kind: 'task', run, index: i, task });
        if (!done) {
          queue.push(i);
          return;
        }
        unpackOwn(task.own, done.packed, here.acc, here.post);
        out[i] = {
          sumSq: done.sumSq,
          sumB: done.sumB,
          phi: done.phi,
          log: done.log,
          overlap: done.overlap,
        };
        this.ran.workers++;
      }
    };
    const mainLane = async () => {
      try {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          runHere(i);
          // Let the workers' replies in, so their lanes hand them the next task.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        queue.length = 0; // the run has failed: the workers take no more of its tasks
        throw error;
      }
    };
    const lanes = live.flatMap((slot) =>
      Array.from({ length: LANES_PER_WORKER }, () => lane(slot)),
    );
    // Settled, not Promise.all: a run that fails here still waits for its tasks on the workers,
    // so none of them runs into the next run.
    const settled = await Promise.allSettled([mainLane(), ...lanes]);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    // Tasks a failed worker handed back after the main lane had finished.
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) runHere(i);
    return out;
  }

  private liveSlots(): WorkerSlot[] {
    if (!this.slots) {
      this.slots = Array.from({ length: this.workers }, () => new WorkerSlot(this.script));
    }
    this.slots = this.slots.filter((s) => s.alive);
    return this.slots;
  }
}

let shared: MarketWorkers | undefined;

/**
 * The process's market workers (one pool per Lambda container or local stack), created on first
 * use with {@link defaultWorkerCount} threads.
 * @throws RangeError when ATTRIBUTION_WORKERS is not a whole number.
 */
export function marketWorkers(): MarketWorkers {
  shared ??= new MarketWorkers();
  return shared;
}

/** Cost estimate of a DMA for the schedule (see runExclusive). */
function cost(task: DmaTask | undefined): number {
  return task ? task.x.length / 64 + task.members.length : 0;
}

/**
 * Threads besides the main one: ATTRIBUTION_WORKERS when set (0 turns them off), else the
 * machine's parallelism minus the main thread, at most {@link MAX_WORKERS}.
 */
export function defaultWorkerCount(env: NodeJS.ProcessEnv = process.env): number {
  const set = env.ATTRIBUTION_WORKERS;
  if (set !== undefined && set !== '') {
    const n = Number(set);
    if (!Number.isInteger(n) || n < 0) {
      throw new RangeError(`ATTRIBUTION_WORKERS must be a whole number >= 0, got "${set}"`);
    }
    return n;
  }
  return Math.min(MAX_WORKERS, Math.max(0, availableParallelism() - 1));
}

type Done = Extract<FromWorker, { kind: 'done' }>;

/** One worker thread and the replies it owes (keyed by run and task index). */
class WorkerSlot {
  alive = true;
  private readonly worker: Worker;
  private readonly waiting = new Map<string, (done: Done | null) => void>();

  constructor(script: string) {
    this.worker = spawnWorker(script);
    this.worker.unref();
    this.worker.on('message', (m: FromWorker) => {
      const key = `${m.run}:${m.index}`;
      const settle = this.waiting.get(key);
      this.waiting.delete(key);
      if (this.waiting.size === 0) this.worker.unref();
      if (m.kind === 'failed') this.fail();
      settle?.(m.kind === 'done' ? m : null);
    });
    this.worker.on('error', () => this.fail());
    this.worker.on('exit', () => this.fail());
  }

  init(msg: Extract<ToWorker, { kind: 'init' }>): void {
    if (this.alive) this.worker.postMessage(msg);
  }

  /** Runs a task on the worker: its result, or null when the worker failed (the task is not done). */
  run(msg: Extract<ToWorker, { kind: 'task' }>): Promise<Done | null> {
    if (!this.alive) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting.set(`${msg.run}:${msg.index}`, resolve);
      this.worker.ref();
      this.worker.postMessage(msg);
    });
  }

  async close(): Promise<void> {
    this.fail();
    await this.worker.terminate();
  }

  private fail(): void {
    if (!this.alive) return;
    this.alive = false;
    for (const settle of this.waiting.values()) settle(null);
    this.waiting.clear();
    this.worker.unref();
    void this.worker.terminate();
  }
}

/**
 * A worker running `url` (this module, or a bundle that contains it): the bundle file in AWS (and
 * in the benchmark); under tsx or vitest the .ts source, loaded through tsx's ESM API since a
 * worker does not inherit the loader.
 */
function spawnWorker(url: string): Worker {
  const data = { [WORKER_TAG]: true };
  if (!url.endsWith('.ts')) return new Worker(new URL(url), { workerData: data });
  const api = JSON.stringify(tsxEsmApi(url));
  const self = JSON.stringify(url);
  const boot = `import(${api}).then((m) => m.tsImport(${self}, ${self}))`;
  return new Worker(boot, { eval: true, workerData: data });
}

/**
 * File URL of tsx's ESM API (`tsx/esm/api`, its "import" export) as seen from `from`: require()
 * resolves the CommonJS build, whose loader does not register inside an eval'd worker.
 */
function tsxEsmApi(from: string): string {
  const require = createRequire(from);
  const manifest = require.resolve('tsx/package.json');
  const pkg = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  const entry = pkg.exports['./esm/api']?.import.default;
  if (!entry) throw new Error('tsx/esm/api has no ESM export: update market-workers.ts');
  return pathToFileURL(join(dirname(manifest), entry)).href;
}

/** The worker side: runs DMA tasks on its own accumulators and sends back its airings' values. */
function serveMarkets(port: NonNullable<typeof parentPort>): void {
  let ctx: MarketContext | null = null;
  let acc: Accumulators = newAccumulators(0);
  let post: PostWindow = { observed: new Float64Array(0), expected: new Float64Array(0) };
  let work: MarketWork | undefined;
  port.on('message', (msg: ToWorker) => {
    if (msg.kind === 'init') {
      ctx = msg.ctx;
      if (acc.observed.length !== msg.airings || acc.span !== msg.ctx.profileSpan) {
        acc = newAccumulators(msg.airings, msg.ctx.profileSpan);
        post = { observed: new Float64Array(msg.airings), expected: new Float64Array(msg.airings) };
      }
      work = marketWork(msg.buckets, work);
      return;
    }
    try {
      if (!ctx || !work) throw new Error('market worker: task before init');
      const { own } = msg.task;
      clearOwn(own, acc, post);
      const o = runLocalMarket(ctx, msg.task, acc, post, work);
      const log = copyDeductionLog(o.log);
      const overlap = o.overlap ? copyOverlapLog(o.overlap) : null;
      const packed = packOwn(own, acc, post);
      const reply: FromWorker = {
        kind: 'done',
        run: msg.run,
        index: msg.index,
        ...o,
        log,
        overlap,
        packed,
      };
      const buffers = [log.t, log.xv, log.bv, log.sharers, packed].map((a) => a.buffer);
      if (overlap) buffers.push(...overlapBuffers(overlap));
      port.postMessage(reply, buffers as ArrayBuffer[]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ kind: 'failed', run: msg.run, index: msg.index, message });
    }
  });
}

if (!isMainThread && parentPort && (workerData as Record<string, unknown> | null)?.[WORKER_TAG]) {
  serveMarkets(parentPort);
}
