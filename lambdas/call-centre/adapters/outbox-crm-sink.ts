import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CrmHandoff, CrmSink } from '../core/ports';

/** File-name safe: anything but letters, digits, `-`, `_` and `.` becomes `-`. */
const safe = (value: string) => value.replace(/[^A-Za-z0-9_.-]/g, '-');

/**
 * The local CRM (no SQS consumer offline; env CRM_OUTBOX_DIR): each ended call becomes
 * `<dir>/<ended_at>-<handoff_id>.json` (ended_at with `:` as `-`) holding the CrmHandoff.
 * A repeated hand-off of the same handoff_id overwrites its first file, whatever its ended_at,
 * so the folder holds one file per ended call. Never used in AWS (the composition root picks it
 * only when CRM_OUTBOX_DIR is set).
 */
export class OutboxCrmSink implements CrmSink {
  constructor(private readonly dir: string) {}

  async send(handoff: CrmHandoff): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const suffix = `-${safe(handoff.handoff_id)}.json`;
    const existing = (await readdir(this.dir)).find((name) => name.endsWith(suffix));
    const name = existing ?? `${safe(handoff.ended_at)}${suffix}`;
    await writeFile(join(this.dir, name), `${JSON.stringify(handoff, null, 2)}\n`);
  }
}
