import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_ID_FILE, UNKNOWN_BUILD_ID } from '#shared/build-id';

/**
 * The build id of the web build in `distDir` (its `build-id.json`, written by web/vite.config.ts),
 * or UNKNOWN_BUILD_ID when there is no build or the file is unreadable. The API stack and the
 * local stack give it to the company_queue_monitor Lambda (layers/shared/build-id.ts).
 */
export function readWebBuildId(distDir: string): string {
  const file = join(distDir, BUILD_ID_FILE);
  if (!existsSync(file)) return UNKNOWN_BUILD_ID;
  try {
    const id = (JSON.parse(readFileSync(file, 'utf8')) as { build_id?: unknown }).build_id;
    return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : UNKNOWN_BUILD_ID;
  } catch {
    return UNKNOWN_BUILD_ID;
  }
}
