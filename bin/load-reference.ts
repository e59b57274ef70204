import { seedReference } from '../lib/local/reference-seed';

/**
 * `npm run load-reference -- --table <CompaniesTable name>`: loads (or, with --force, reloads)
 * the shipped industries and markets, with the data folder's copies laid over them when present
 * (DATA_DIR, default ../shared/data), into a stage's CompaniesTable with the AWS credentials of
 * the shell. A deploy does this by itself (the ReferenceSeed custom resource); this is for a
 * reload by hand.
 */
const args = process.argv.slice(2);
const table = args[args.indexOf('--table') + 1];
if (!args.includes('--table') || !table) {
  console.error('usage: npm run load-reference -- --table <CompaniesTable name> [--force]');
  process.exit(1);
}
console.log(await seedReference(table, args.includes('--force')));
