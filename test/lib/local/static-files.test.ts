import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { newestMtimeMs } from '../../../lib/local/static-files';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `path` under dir with its modification time at `seconds` (epoch). */
function file(path: string, seconds: number) {
  const full = join(dir, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, 'x');
  utimesSync(full, seconds, seconds);
}

describe('newestMtimeMs (is web/dist older than the screens it was built from?)', () => {
  test('finds the newest file in nested folders and plain files, skipping missing paths', () => {
    dir = mkdtempSync(join(tmpdir(), 'mtime-'));
    file('src/a.tsx', 1_000);
    file('src/report/deep/b.tsx', 3_000);
    file('index.html', 2_000);

    expect(newestMtimeMs([join(dir, 'src'), join(dir, 'index.html'), join(dir, 'nope')])).toBe(
      3_000_000,
    );
    expect(newestMtimeMs([join(dir, 'index.html')])).toBe(2_000_000);
    expect(newestMtimeMs([join(dir, 'nope')])).toBe(0);
  });
});
