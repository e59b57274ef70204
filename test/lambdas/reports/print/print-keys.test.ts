import { describe, expect, test } from 'vitest';
import { printCustomizeSchema, printOptionsSchema } from '#shared/contracts/print.schema';
import {
  industryDigest,
  printFileName,
  printHash,
  printKeys,
} from '../../../../lambdas/reports/print/print-keys';
import { industryAnswer } from './industry-fixtures';

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
    const hash = printHash('2024-04-01T12:00:00.000Z', options, customize, null);

    expect(printKeys('client-a', 'r-1', hash)).toEqual({
      pdf: `reports/client-a/r-1/print-${hash}.pdf`,
      meta: `reports/client-a/r-1/print-${hash}.json`,
    });
    expect(printHash('2024-04-02T12:00:00.000Z', options, customize, null)).not.toBe(hash);
    expect(
      printHash('2024-04-01T12:00:00.000Z', { ...options, landscape: true }, customize, null),
    ).not.toBe(hash);
  });

  test('a printout with other unlocked industry sections, or newer benchmarks, hashes anew', () => {
    const options = printOptionsSchema.parse({});
    const customize = printCustomizeSchema.parse({});
    const hash = (answer: Parameters<typeof industryDigest>[0]) =>
      printHash('2024-04-01T12:00:00.000Z', options, customize, industryDigest(answer));
    const entitled = hash(industryAnswer());

    expect(hash(industryAnswer())).toBe(entitled);
    expect(hash(industryAnswer(['stations']))).not.toBe(entitled);
    expect(hash(industryAnswer(['dayparts', 'days']))).not.toBe(hash(industryAnswer(['days'])));
    expect(hash(industryAnswer([], { updated_at: '2024-04-08T12:00:00.000Z' }))).not.toBe(entitled);
    expect(hash(industryAnswer([], { industry: { id: '1100', name: 'Furniture' } }))).not.toBe(
      entitled,
    );
    expect(hash(null)).not.toBe(entitled);
    // What only steers the screen does not print, so it does not reprint.
    expect(hash(industryAnswer([], { can_set_industry: false }))).toBe(entitled);
  });

  test('refuses ids that could leave the report folder', () => {
    expect(() => printKeys('../client-b', 'r-1', 'abc')).toThrow(/client_uid/);
  });
});
