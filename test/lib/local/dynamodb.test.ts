import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, expect, test } from 'vitest';
import { localDynamoClient, startDynamoDb } from '../../../lib/local/dynamodb';

const dir = mkdtempSync(join(tmpdir(), 'ao-dynamodb-jvm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The environment of the DynamoDB Local JVM listening on `port`, from /proc. */
function jvmEnvironment(port: number): string[] {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf('-port');
      if (!args.some((a) => a.endsWith('DynamoDBLocal.jar')) || args[at + 1] !== String(port))
        continue;
      return readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
    } catch {
      // The process ended while being read.
    }
  }
  return [];
}

test('a benchmark’s JVM options reach DynamoDB Local only, which answers as usual', async () => {
  const before = process.env.JAVA_TOOL_OPTIONS;
  const dynamo = await startDynamoDb({
    dir,
    log: () => undefined,
    jvmOptions: ['-XX:TieredStopAtLevel=1'],
  });
  try {
    expect(process.env.JAVA_TOOL_OPTIONS).toBe(before);
    expect(jvmEnvironment(dynamo.port)).toContain('JAVA_TOOL_OPTIONS=-XX:TieredStopAtLevel=1');
    const client = localDynamoClient(dynamo.endpoint);
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    client.destroy();
  } finally {
    await dynamo.stop();
  }
});
