// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { emptyImportReport } from '#shared/contracts/postlog.schema';
import { ImportSummary } from '../../../web/src/upload/import-summary';

afterEach(cleanup);

describe('the import screen names stations missing from the station list', () => {
  test('lists the unmatched call signs and how many more there are', () => {
    const report = {
      ...emptyImportReport(10),
      new_spots: 10,
      unmatched_stations: ['KXYZ', 'WQQQ-FM'],
      unmatched_station_count: 3,
    };

    render(<ImportSummary report={report} />);

    expect(screen.getByTestId('unmatched-stations').textContent).toBe(
      '3 stations are not in our station list: KXYZ, WQQQ-FM, and 1 more.',
    );
  });

  test('says nothing when every station matched or no list was loaded', () => {
    render(
      <ImportSummary
        report={{ ...emptyImportReport(1), unmatched_stations: [], unmatched_station_count: 0 }}
      />,
    );
    render(<ImportSummary report={emptyImportReport(1)} />);

    expect(screen.queryByTestId('unmatched-stations')).toBeNull();
  });
});
