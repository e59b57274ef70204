import { runAttributionBench } from './bench/attribution-bench';

/**
 * `npm run bench`: the performance budgets, printed (issue #2 §9). Speed is measured here, never
 * in timed tests.
 */
try {
  await runAttributionBench((line) => console.log(line));
} catch (error) {
  console.error(`bench: ${(error as Error).message}`);
  process.exit(1);
}
