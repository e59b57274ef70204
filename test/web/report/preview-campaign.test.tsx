// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { PreviewMode } from '../../../web/src/report/preview-mode';
import { reportDoc, summary } from '../../lambdas/reports/print/fixtures';
import { springCampaign } from '../support/spring-campaign';

afterEach(cleanup);

const SPRING = springCampaign('client-a', { station_ids: ['W001'] });

describe('preview of a report scoped to a campaign', () => {
  test("shows the campaign, its flight and pacing on the cover, and the campaign's figures", () => {
    const doc = reportDoc();
    const main = {
      summary: summary({ airings: 7, attributed_visits: 60, cost_cents: 200_000 }),
      tables: { ...doc.tables, station: doc.tables.station.slice(1, 2) },
    };

    render(
      <PreviewMode report={doc} timeZone="America/New_York" campaign={{ campaign: SPRING, main }}>
        <p>Report body</p>
      </PreviewMode>,
    );

    const cover = screen.getByRole('region', { name: 'Cover sheet' });
    const block = within(cover).getByTestId('print-campaign');
    expect(block.textContent).toContain('Spring sale');
    expect(block.textContent).toContain('flight 03/04/2024 – 03/17/2024');
    expect(block.textContent).toContain('$2,000.00 of $5,000.00 (40%)');
    expect(block.textContent).toContain('60 of 100 visits (60%)');
    const pages = screen.getByRole('region', { name: 'Report sheet' });
    expect(within(pages).getByTestId('print-executive-summary').textContent).toContain('7 airings');
    expect(within(pages).getByTestId('preview-header').textContent).toContain(
      'Campaign: Spring sale',
    );
  });
});
