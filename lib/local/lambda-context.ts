import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/**
 * A Lambda `Context` for a local invocation: the fields Powertools and middy read, with a
 * deadline of `timeoutS` seconds from now (the local stack does not enforce it).
 */
export function lambdaContext(functionName: string, timeoutS = 30): Context {
  const deadline = Date.now() + timeoutS * 1000;
  const name = functionName.replace(/[^A-Za-z0-9-_]/g, '-').slice(0, 64);
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}
