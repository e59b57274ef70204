import { seedReference } from '../lib/local/reference-seed';

/**
 * `npm run load-reference -- --table <CompaniesTable name>`: loads (or, with --force, reloads)
 * the industries and markets of the data folder into a deployed stage's CompaniesTable, with the
 * AWS credentials of the shell. DATA_DIR picks the folder (default ../shared/data).
 */
const args = process.argv.slice(2);
const table = args[args.indexOf('--table') + 1];
if (!args.includes('--table') || !table) {
  console.error('usage: npm run load-reference -- --table <CompaniesTable name> [--force]');
  process.exit(1);
}
console.log(await seedReference(table, args.includes('--force')));
