import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering rule of the codebase: the browser bundle (web/) and the Lambdas (lambdas/) never
 * import each other; what both need lives in layers/shared and is imported as `#shared/...`
 * (package.json "imports", tsconfig "paths"), never by a relative path that climbs into it.
 */

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Every .ts/.tsx file under a repo folder (node_modules and build output skipped). */
function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) out.push(path);
    }
  };
  walk(join(ROOT, folder));
  return out;
}

/** The module specifiers of static imports, re-exports and dynamic imports in a source file. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

/** Imports of `files` that resolve into repo folder `target`, as `file -> specifier`. */
function importsInto(files: string[], target: string): string[] {
  const into = join(ROOT, target);
  return files.flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((spec) => spec.startsWith('.') && resolve(file, '..', spec).startsWith(into))
      .map((spec) => `${relative(ROOT, file)} -> ${spec}`),
  );
}

describe('import boundaries', () => {
  it('the web app imports nothing from lambdas/', () => {
    expect(importsInto(sourceFiles('web/src'), 'lambdas')).toEqual([]);
  });

  it('the Lambdas and the shared layer import nothing from web/', () => {
    const files = [...sourceFiles('lambdas'), ...sourceFiles('layers')];
    expect(importsInto(files, 'web')).toEqual([]);
  });

  it('the shared layer imports nothing from lambdas/', () => {
    expect(importsInto(sourceFiles('layers'), 'lambdas')).toEqual([]);
  });

  it('code outside layers/shared reaches it through #shared/, never a relative path', () => {
    const files = ['web/src', 'lambdas', 'lib', 'bin', 'test'].flatMap(sourceFiles);
    expect(importsInto(files, 'layers/shared')).toEqual([]);
  });
});
