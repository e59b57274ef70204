import { resolve } from 'node:path';
import { BRANDS } from '#shared/brands';
import { PROJECT_ROOT } from '../lib/local/handler-loader';
import { startLocalStack } from '../lib/local/local-stack';

/**
 * `npm start`: boots the local stack (lib/local) and serves AnalyticOwl at
 * http://127.0.0.1:PORT/ss, and the ratings site (the second brand) on RATINGS_PORT (default 3001;
 * a taken port falls back to a free one, printed) and on PORT with `Host: ratings.localhost`.
 * Env: PORT (default 3000), LOCAL_DIR (default .local/dev, where
 * the data persists), DATA_DIR (real data for the demo seed, default ../shared/data).
 * Ctrl-C (SIGINT) or SIGTERM stops everything, the DynamoDB Local JVM included, and exits 0,
 * also when it arrives while the stack is still starting.
 */
const log = (line: string) => console.log(`[local] ${line}`);
const port = Number(process.env.PORT ?? 3000);
const ratingsPort = Number(process.env.RATINGS_PORT ?? 3001);
const dir = resolve(PROJECT_ROOT, process.env.LOCAL_DIR ?? '.local/dev');

const abort = new AbortController();
const starting = startLocalStack({ dir, port, ratingsPort, log, signal: abort.signal });
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  abort.abort();
  log(`${signal}: stopping...`);
  await starting.then((stack) => stack.stop()).catch(() => {});
  log('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const stack = await starting;
  if (!stopping) {
    const { demo, agent } = stack.logins;
    console.log(
      [
        '',
        `AnalyticOwl is running at ${stack.url}/login`,
        `  The ratings site (${BRANDS.ratings.name}): ${stack.ratingsUrl}/ (also ${stack.url.replace('127.0.0.1', 'ratings.localhost')}/ by its Host name)`,
        `  Sign in as ${demo.email} / ${demo.password} (a local demo account), or create your own account.`,
        `  Call centre: ${stack.url}/call-centre as ${agent.email} / ${agent.password} (a local agent)`,
        '    Agents and staff also give an authenticator-app code: the first sign-in shows a QR code and key to add.',
        `  E-mails (verification codes, reset links) are printed here and saved in ${stack.mailDir}`,
        `  Ended calls go to ${stack.crmDir} (the CRM queue in AWS)`,
        `  Google stand-in (fake Google accounts, GA4 APIs): ${stack.google.url}`,
        `    Demo GA4 property ${stack.google.demo.propertyId} (sign in as owner@demo-advertiser.example): upload ${stack.samplePostlog}`,
        "    as a client's post-log, send yourself its connection link and connect the property; its visits respond to those airings.",
        `  Post-log drops: make one on the Account page, then copy CSVs into its folder under ${stack.dropsDir}`,
        '',
      ].join('\n'),
    );
  }
} catch (error) {
  console.error(`Could not start AnalyticOwl locally: ${(error as Error).message}`);
  process.exit(1);
}
