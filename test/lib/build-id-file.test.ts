import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BUILD_ID_FILE, isNewerBuild, newBuildId, UNKNOWN_BUILD_ID } from '#shared/build-id';
import { readWebBuildId } from '../../lib/build-id-file';
import { PROJECT_ROOT } from '../../lib/constructs/api-function.construct';

const dirs: string[] = [];
const dist = () => {
  const d = mkdtempSync(join(tmpdir(), 'ao-dist-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the deployed build id', () => {
  test('a build is named by its UTC time, so a later build is newer', () => {
    const first = newBuildId(new Date('2026-11-26T09:05:07.123Z'));
    const later = newBuildId(new Date('2026-11-26T17:00:00Z'));

    expect(first).toBe('20261126T090507Z');
    expect(isNewerBuild(later, first)).toBe(true);
    expect(isNewerBuild(first, later)).toBe(false);
    expect(isNewerBuild(first, first)).toBe(false);
  });

  test('a development stack (no build id) never says a new version is available', () => {
    expect(isNewerBuild(UNKNOWN_BUILD_ID, '20261126T090507Z')).toBe(false);
    expect(isNewerBuild('20261126T090507Z', UNKNOWN_BUILD_ID)).toBe(false);
  });

  test('the server reads the id the web build wrote beside its pages', () => {
    const d = dist();
    writeFileSync(join(d, BUILD_ID_FILE), JSON.stringify({ build_id: '20261126T090507Z' }));

    expect(readWebBuildId(d)).toBe('20261126T090507Z');
  });

  test('no build, or an unreadable file: the unknown id', () => {
    const d = dist();
    expect(readWebBuildId(d)).toBe(UNKNOWN_BUILD_ID);
    writeFileSync(join(d, BUILD_ID_FILE), '{not json');
    expect(readWebBuildId(d)).toBe(UNKNOWN_BUILD_ID);
  });
});

describe('the web build', () => {
  test('bakes in a build id of the same form the server compares, and names the same file', async () => {
    const config = (await import('../../web/vite.config')).default as {
      define?: Record<string, string>;
      plugins?: unknown[];
    };
    const baked = JSON.parse(config.define?.__APP_BUILD_ID__ ?? '""') as string;
    const source = readFileSync(join(PROJECT_ROOT, 'web', 'vite.config.ts'), 'utf8');

    expect(isNewerBuild(baked, newBuildId(new Date('2000-01-01T00:00:00Z')))).toBe(true);
    expect(source).toContain(`fileName: '${BUILD_ID_FILE}'`);
  });
});
