// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { PreviewMode } from '../../../web/src/report/preview-mode';
import { reportDoc } from '../../lambdas/reports/print/fixtures';

afterEach(cleanup);

describe('preview mode', () => {
  test('shows the cover page and executive summary as they will print', () => {
    render(
      <PreviewMode
        report={reportDoc()}
        timeZone="America/New_York"
        customize={{
          cover: {
            logo_url: 'https://cdn.example.com/acme.png',
            preparer_name: 'Pat Smith',
            time_frame: 'March 2024',
          },
          executive_summary: 'A strong month.\n\nPrime led.',
        }}
      >
        <p>Report body</p>
      </PreviewMode>,
    );

    const cover = screen.getByRole('region', { name: 'Cover sheet' });
    expect(within(cover).getByRole('heading', { name: 'Acme Mattress' })).toBeTruthy();
    expect(within(cover).getByText('March 2024')).toBeTruthy();
    expect(within(cover).getByText('Prepared by Pat Smith')).toBeTruthy();
    expect(within(cover).getByRole('img', { name: 'Logo' }).getAttribute('src')).toBe(
      'https://cdn.example.com/acme.png',
    );
    const pages = screen.getByRole('region', { name: 'Report sheet' });
    expect(within(pages).getByText('A strong month.')).toBeTruthy();
    expect(within(pages).getByText('Prime led.')).toBeTruthy();
    expect(within(pages).getByText('Report body')).toBeTruthy();
    expect(within(pages).getByTestId('preview-header').textContent).toContain(
      '03/01/2024 – 03/31/2024',
    );
  });

  test('follows the print options: no cover for tables only, no bands, landscape sheets', () => {
    render(
      <PreviewMode
        report={reportDoc({ sample_data: true })}
        options={{ panel: 'tables', landscape: true, include_header: false, include_footer: false }}
      >
        <p>Tables</p>
      </PreviewMode>,
    );

    expect(screen.queryByRole('region', { name: 'Cover sheet' })).toBeNull();
    const pages = screen.getByRole('region', { name: 'Report sheet' });
    expect(pages.className).toContain('pv-sheet--landscape');
    expect(screen.queryByTestId('preview-header')).toBeNull();
    expect(screen.queryByTestId('preview-footer')).toBeNull();
    expect(pages.textContent).toContain('SAMPLE DATA');
  });

  test('never shows a logo whose address is not http(s)', () => {
    render(
      <PreviewMode
        report={reportDoc()}
        customize={{ cover: { logo_url: 'javascript:alert(1)' } }}
      />,
    );

    expect(screen.queryByRole('img')).toBeNull();
  });
});
