// @vitest-environment jsdom
import { expect, it } from 'vitest';
import type { FamilyDocument } from '#shared/contracts/families.schema';
import { familyPage } from '../../../lambdas/families/core/render';

const doc: FamilyDocument = {
  kind: 'activity',
  title: 'Acme Group',
  subtitle: 'Activity report',
  period: { start: '2026-10-01', end: '2026-10-31', label: 'October 2026' },
  kpis: [],
  sections: [
    {
      kind: 'table',
      title: 'Markets',
      columns: [
        { key: 'rank', label: 'Rank', unit: 'count' },
        { key: 'market', label: 'Market', unit: 'text' },
        { key: 'station', label: 'Station', unit: 'text' },
        { key: 'visits', label: 'Visits', unit: 'visits' },
      ],
      rows: [{ rank: 1, market: 'New York', station: 'WAAA', visits: 120 }],
    },
  ],
  executive: { headline: '120 attributed visits in October 2026.', bullets: [] },
};

it('aligns text columns (wherever they stand) left and number columns right in the printed table', () => {
  // The printed page as the PDF renderer loads it, with its own style sheet.
  document.open();
  document.write(familyPage(doc, '11/26/2026').html);
  document.close();
  const align = (selector: string) =>
    [...document.querySelectorAll(`.pr-table ${selector}`)].map(
      (cell) => getComputedStyle(cell).textAlign,
    );

  expect(align('th')).toEqual(['right', 'left', 'left', 'right']);
  expect(align('td')).toEqual(['right', 'left', 'left', 'right']);
});
