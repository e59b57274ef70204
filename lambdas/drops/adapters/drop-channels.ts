import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DROP_MESSAGES } from '#shared/contracts/drops.schema';
import { Conflict } from '#shared/errors';
import { dropScope } from '../core/drop-view';
import type { DropChannel, DropRecord } from '../core/ports';

/**
 * AWS: the drops' SFTP server (AWS Transfer Family). Nothing to provision per drop: its
 * identity provider reads the drop at each login, so a drop is usable as soon as it is stored
 * and refused as soon as it is revoked. The user's home `/` is the drop's prefix.
 */
export function sftpChannel(host: string): DropChannel {
  return {
    mode: 'sftp',
    open: async (drop: DropRecord) => ({
      mode: 'sftp',
      host,
      port: 22,
      user: drop.username,
      path: '/',
    }),
  };
}

/**
 * Locally: `<dir>/<org_uid>/<client_uid | _org>/`, made here; the local stack watches it and
 * puts each finished file into s3rver under the drop's prefix (lib/local/drop-folder.ts).
 */
export function folderChannel(dir: string): DropChannel {
  return {
    mode: 'folder',
    open: async (drop: DropRecord) => {
      const path = join(dir, drop.org_uid, dropScope(drop));
      await mkdir(path, { recursive: true });
      return { mode: 'folder', path: `${path}/` };
    },
  };
}

/** A stage without the SFTP server: drops cannot be made. */
export const noChannel: DropChannel = {
  mode: 'off',
  open: async () => {
    throw new Conflict(DROP_MESSAGES.off);
  },
};
