import { seedReference } from '../lib/local/reference-seed';

/**
 * `npm run load-reference -- --table <CompaniesTable name>`: loads (or, with --force, reloads)
 * the shipped industries and markets, with the data folder's copies laid over them when present
 * (DATA_DIR, default ../shared/data), and the station list built from the data folder's radio
 * list and post-log stations (skipped without the data folder), into a stage's CompaniesTable with the AWS credentials of
 * the shell. A deploy loads the shipped lists by itself (the ReferenceSeed custom resource); the
 * stations need the data folder, so a stage gets them from this command.
 */
const args = process.argv.slice(2);
const table = args[args.indexOf('--table') + 1];
if (!args.includes('--table') || !table) {
  console.error('usage: npm run load-reference -- --table <CompaniesTable name> [--force]');
  process.exit(1);
}
console.log(await seedReference(table, args.includes('--force')));
