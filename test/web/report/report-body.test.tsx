// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { readReportUrl } from '../../../web/src/lib/report-url';
import { ReportBody } from '../../../web/src/report/report-body';
import { fixtureReport } from '../../e2e/support/fixture-report';
import { stubResizeObserver } from '../support/resize-observer';

beforeAll(stubResizeObserver);

afterEach(cleanup);

const url = readReportUrl(new URLSearchParams('tab=station'));

describe('report body mount points', () => {
  test('sections set to false are not rendered; insights and industry slots are mounted', () => {
    render(
      <ReportBody
        report={fixtureReport()}
        url={url}
        onUrlChange={() => {}}
        sections={{ pies: false, calculator: false, bubbles: false }}
        insights={<aside>Insights panel</aside>}
        industry={<aside>Industry panel</aside>}
        timeZone="UTC"
      />,
    );

    expect(screen.queryByRole('heading', { name: /Where visits came from/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Ad-spend calculator/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Top ten stations/ })).toBeNull();
    expect(screen.getByRole('heading', { name: /Top performers/ })).toBeTruthy();
    expect(screen.getByText('Insights panel')).toBeTruthy();
    expect(screen.getByText('Industry panel')).toBeTruthy();
  });

  test('a top performer drills the report and opens the next tab (station -> its programs)', () => {
    const patches: unknown[] = [];
    render(
      <ReportBody
        report={fixtureReport()}
        url={url}
        onUrlChange={(p) => patches.push(p)}
        timeZone="UTC"
      />,
    );

    const [bestStation] = screen.getAllByTestId('top-performer');
    expect(bestStation?.textContent).toContain('Best station');
    fireEvent.click(bestStation!.querySelector('button')!);

    expect(patches).toEqual([
      {
        drill: [{ dimension: 'station', key: 'station:whoo-tv' }],
        tab: 'program',
        sort: 'default',
      },
    ]);
  });
});
