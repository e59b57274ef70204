// Loads each Lambda bundle named by the arguments (absolute paths; or one JSON file holding an
// array of them) with plain Node ESM, as the Lambda runtime does (no test-runner transform),
// calls its `handler` with a small API Gateway v2 event that also carries `Records: []` (so S3
// and SQS workers see an empty batch), and prints one line per bundle:
// `BUNDLE-RESULT {"file","loaded","status"?,"threw"?,"isError"?,"error"?}`.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const files = args[0]?.endsWith('.json') ? JSON.parse(readFileSync(args[0], 'utf8')) : args;

const event = {
  version: '2.0',
  routeKey: 'POST /ss_rest/bundle_check',
  rawPath: '/ss_rest/bundle_check',
  rawQueryString: '',
  headers: { 'content-type': 'application/json' },
  requestContext: {
    http: { method: 'POST', path: '/ss_rest/bundle_check', sourceIp: '127.0.0.1' },
    requestId: 'bundle-check',
    routeKey: 'POST /ss_rest/bundle_check',
    stage: '$default',
  },
  body: '{}',
  isBase64Encoded: false,
  Records: [],
};
const context = {
  functionName: 'bundle-check',
  awsRequestId: 'bundle-check',
  getRemainingTimeInMillis: () => 30_000,
};

for (const file of files) {
  const result = { file, loaded: false };
  try {
    const { handler } = await import(pathToFileURL(file).href);
    result.loaded = true;
    const response = await handler(structuredClone(event), context);
    result.status = response?.statusCode;
  } catch (error) {
    result.threw = true;
    result.error =
      error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : String(error);
    result.isError = error instanceof Error;
  }
  process.stdout.write(`BUNDLE-RESULT ${JSON.stringify(result)}\n`);
}
