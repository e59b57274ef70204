/**
 * Says out loud why the real-data tests of a file are skipped. Vitest's default reporter does not
 * list skipped tests by name, so without this line the reason would be invisible on a clone that
 * has no ../shared/data beside it.
 */
export function announceSkip(present: boolean, what: string, dataDir: string): void {
  if (present) return;
  console.warn(
    `SKIPPED ${what}: the reference data folder ${dataDir} is not present (set DATA_DIR to load it).`,
  );
}
