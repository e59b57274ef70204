import { runAccuracyBench } from './bench/accuracy-bench';
import { runAttributionBench } from './bench/attribution-bench';
import { runCliBench } from './bench/cli-bench';
import { runCompaniesBench } from './bench/companies-bench';
import { runFamiliesBench } from './bench/families-bench';
import { runGaPullBench } from './bench/ga-pull-bench';
import { runImportsBench } from './bench/imports-bench';
import { runRatingsBench } from './bench/ratings-bench';
import { runReportApiBench } from './bench/report-api-bench';
import { runSiteBench } from './bench/site-bench';
import { runStationsBench } from './bench/stations-bench';

/**
 * `npm run bench`: the performance budgets, printed. Speed is
 * measured here, never in timed tests. `npm run bench -- attribution`, `-- cli`, `-- api`, `-- site`, `-- imports`, `-- ga-pull`, `-- companies`,
 * `-- families`, `-- ratings` or `-- accuracy` (attribution accuracy on the simulator) runs one.
 */
const only = process.argv[2];
try {
  if (!only || only === 'attribution') await runAttributionBench((line) => console.log(line));
  if (!only || only === 'accuracy') {
    console.log('');
    await runAccuracyBench((line) => console.log(line));
  }
  if (!only || only === 'cli') {
    console.log('');
    await runCliBench((line) => console.log(line));
  }
  if (!only || only === 'api') {
    console.log('');
    await runReportApiBench((line) => console.log(line));
  }
  if (!only || only === 'site') {
    console.log('');
    await runSiteBench((line) => console.log(line));
  }
  if (!only || only === 'imports') {
    console.log('');
    await runImportsBench((line) => console.log(line));
  }
  if (!only || only === 'ga-pull') {
    console.log('');
    await runGaPullBench((line) => console.log(line));
  }
  if (!only || only === 'companies') {
    console.log('');
    await runCompaniesBench((line) => console.log(line));
  }
  if (!only || only === 'families') {
    console.log('');
    await runFamiliesBench((line) => console.log(line));
  }
  if (!only || only === 'stations') {
    console.log('');
    await runStationsBench((line) => console.log(line));
  }
  if (!only || only === 'ratings') {
    console.log('');
    await runRatingsBench((line) => console.log(line));
  }
} catch (error) {
  console.error(`bench: ${(error as Error).message}`);
  process.exit(1);
}
