import { vi } from 'vitest';

/**
 * The CloudWatch embedded-metric (EMF) documents Powertools Metrics writes to stdout while
 * `act` runs (stdout is captured, not printed, meanwhile). Errors of `act` pass through.
 */
export async function emfLinesDuring(
  act: () => Promise<unknown>,
): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await act();
  } finally {
    spy.mockRestore();
  }
  return written
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
