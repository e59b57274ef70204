import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The stand-ins' ports of the last run, kept in `<dir>/ports.json`. */
export interface StackPorts {
  dynamodb?: number;
  s3?: number;
  sqs?: number;
  sfn?: number;
  cognito?: number;
  google?: number;
}

/**
 * Reads the ports the stack used last time in `dir`, so a restart gets the same endpoints
 * (presigned URLs and SDK clients created before the restart keep working). Missing or
 * unreadable -> {} (any free ports).
 */
export function readPorts(dir: string): StackPorts {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, 'ports.json'), 'utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const entries = Object.entries(parsed as Record<string, unknown>).filter(
      ([, v]) => Number.isInteger(v) && (v as number) > 0 && (v as number) < 65536,
    );
    return Object.fromEntries(entries) as StackPorts;
  } catch {
    return {};
  }
}

/** Records the ports of this run (see readPorts). */
export function writePorts(dir: string, ports: StackPorts): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ports.json'), `${JSON.stringify(ports, null, 2)}\n`);
}
