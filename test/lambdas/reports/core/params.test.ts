import { describe, expect, test } from 'vitest';
import { ValidationError } from '#shared/errors';
import { resolveReportParams } from '../../../../lambdas/reports/core/params';
import { client } from '../fakes';

const base = { date_start: '2024-03-04', date_end: '2024-03-10' };

describe('report parameters: the comparison period', () => {
  test.each([
    [
      'a week compares with the week before',
      '2024-03-04',
      '2024-03-10',
      '2024-02-26',
      '2024-03-03',
    ],
    [
      'one day compares with the day before',
      '2024-03-01',
      '2024-03-01',
      '2024-02-29',
      '2024-02-29',
    ],
    ['a month crosses the year boundary', '2024-01-01', '2024-01-31', '2023-12-01', '2023-12-31'],
  ])('%s', (_label, date_start, date_end, compare_date_start, compare_date_end) => {
    const params = resolveReportParams(client(), { date_start, date_end });

    expect(params).toMatchObject({ compare_date_start, compare_date_end });
  });

  test('the default range (the client airings) compares with the equal period before it', () => {
    const params = resolveReportParams(client(), {});

    expect(params).toMatchObject({
      date_start: '2024-03-04',
      date_end: '2024-03-10',
      compare_date_start: '2024-02-26',
      compare_date_end: '2024-03-03',
    });
  });

  test('keeps a comparison period the user chose, of any length', () => {
    const params = resolveReportParams(client(), {
      ...base,
      compare_date_start: '2023-03-04',
      compare_date_end: '2023-03-31',
    });

    expect(params).toMatchObject({
      compare_date_start: '2023-03-04',
      compare_date_end: '2023-03-31',
    });
  });

  test.each([
    [{ compare_date_start: '2024-02-30', compare_date_end: '2024-03-01' }, 'compare_date_start'],
    [{ compare_date_start: '2024-02-01', compare_date_end: '03/01/2024' }, 'compare_date_end'],
    [{ compare_date_start: '2024-02-10', compare_date_end: '2024-02-01' }, 'compare_date_end'],
    [{ compare_date_start: '2024-02-01' }, 'compare_date_end'],
    [{ compare_date_end: '2024-02-07' }, 'compare_date_start'],
  ])('rejects %o with a message naming %s', (input, field) => {
    const error = (() => {
      try {
        resolveReportParams(client(), { ...base, ...input });
      } catch (e) {
        return e as ValidationError;
      }
    })();

    expect(error).toBeInstanceOf(ValidationError);
    expect(error?.field).toBe(field);
    expect(error?.message).toContain(field);
  });
});
