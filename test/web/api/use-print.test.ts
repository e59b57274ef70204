// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { printReport } from '../../../web/src/api/use-print';
import { fakeApi, ok } from '../auth/fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('printReport (print_report)', () => {
  test('answers the link, pages, size and file name the server sent', async () => {
    const result = { url: 'http://x/a.pdf', pages: 2, bytes: 1234, file_name: 'a.pdf' };
    const calls = fakeApi({ print_report: ok(result) }, ['print_report']);

    await expect(printReport({ client_uid: 'client-a', download: false })).resolves.toEqual(result);
    expect(calls).toEqual([
      { name: 'print_report', body: { client_uid: 'client-a', download: false } },
    ]);
  });

  test('refuses an answer that breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ print_report: ok({ url: 'http://x/a.pdf', pages: 0 }) }, ['print_report']);

    await expect(printReport({ client_uid: 'client-a' })).rejects.toMatchObject({
      code: 'invalid_print',
    });
  });
});
