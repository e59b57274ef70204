import { describe, expect, test } from 'vitest';
import { printFileName, printHash, printKeys } from '../../../../lambdas/reports/print/print-keys';
import {
  printCustomizeSchema,
  printOptionsSchema,
} from '../../../../layers/shared/contracts/print.schema';

describe('printout keys and names', () => {
  test.each([
    ['Acme Mattress', 'acme-mattress-03-01-2024-to-03-31-2024.pdf'],
    ['Café "Olé" & Sons / NYC', 'cafe-ole-sons-nyc-03-01-2024-to-03-31-2024.pdf'],
    ['***', 'report-03-01-2024-to-03-31-2024.pdf'],
  ])('names the file of %s %s', (advertiser, name) => {
    expect(printFileName(advertiser, '2024-03-01', '2024-03-31')).toBe(name);
  });

  test('keys a printout under its report, by a hash of what shapes it', () => {
    const options = printOptionsSchema.parse({});
    const customize = printCustomizeSchema.parse({});
    const hash = printHash('2024-04-01T12:00:00.000Z', options, customize);

    expect(printKeys('client-a', 'r-1', hash)).toEqual({
      pdf: `reports/client-a/r-1/print-${hash}.pdf`,
      meta: `reports/client-a/r-1/print-${hash}.json`,
    });
    expect(printHash('2024-04-02T12:00:00.000Z', options, customize)).not.toBe(hash);
    expect(
      printHash('2024-04-01T12:00:00.000Z', { ...options, landscape: true }, customize),
    ).not.toBe(hash);
  });

  test('refuses ids that could leave the report folder', () => {
    expect(() => printKeys('../client-b', 'r-1', 'abc')).toThrow(/client_uid/);
  });
});
