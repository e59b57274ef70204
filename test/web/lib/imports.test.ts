import { describe, expect, test } from 'vitest';
import { emptyImportReport, type ImportReport } from '#shared/contracts/postlog.schema';
import {
  cleanRowCount,
  cleanRowsLabel,
  hasProposedFixes,
  issueLine,
} from '../../../web/src/lib/imports';

function report(extra: Partial<ImportReport>): ImportReport {
  return {
    ...emptyImportReport(100),
    ...extra,
  };
}

describe('import issues', () => {
  test('an issue reads "Row N, field: message" with the proposed fix', () => {
    expect(
      issueLine({
        row: 4,
        field: 'date',
        message: 'year 0016 is not valid',
        proposed: '2016-01-02',
      }),
    ).toBe('Row 4, date: year 0016 is not valid (proposed: 2016-01-02)');
    expect(issueLine({ row: 9, field: 'station', message: 'station is blank' })).toBe(
      'Row 9, station: station is blank',
    );
  });

  test('clean rows exclude every row with an error, once per row', () => {
    const errors = [
      { row: 4, field: 'date', message: 'bad' },
      { row: 4, field: 'time', message: 'bad' },
      { row: 9, field: 'station', message: 'blank' },
    ];
    expect(cleanRowCount(report({ errors, error_count: 3 }))).toBe(98);
  });

  test('a truncated errors list never overstates the clean rows', () => {
    const errors = [{ row: 1, field: 'date', message: 'bad' }];
    expect(cleanRowCount(report({ errors, error_count: 30 }))).toBe(70);
    expect(cleanRowCount(report({ rows: 5, errors, error_count: 30 }))).toBe(0);
  });

  test('proposed fixes are found in errors or warnings', () => {
    expect(hasProposedFixes(report({}))).toBe(false);
    expect(
      hasProposedFixes(
        report({ warnings: [{ row: 2, field: 'date', message: 'm', proposed: '2016' }] }),
      ),
    ).toBe(true);
  });

  test('accepting proposed fixes makes rows whose only errors are fixable clean', () => {
    const errors = [
      { row: 1, field: 'date', message: 'Year 0016 looks wrong', proposed: '2016-09-05' },
      { row: 3, field: 'market', message: 'Market is blank.' },
    ];
    const withErrors = report({ rows: 3, errors, error_count: 2 });
    expect(cleanRowCount(withErrors)).toBe(1);
    expect(cleanRowCount(withErrors, true)).toBe(2);
  });

  test('the button label counts rows in the singular and plural', () => {
    expect(cleanRowsLabel(1)).toBe('1 clean row');
    expect(cleanRowsLabel(1200)).toBe('1,200 clean rows');
  });
});
