// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import {
  INDUSTRY_SECTIONS,
  type IndustryInsights,
} from '#shared/contracts/industry-insights.schema';
import { printCustomizeSchema, printOptionsSchema } from '#shared/contracts/print.schema';
import { printIndustry } from '#shared/print/print-industry';
import { buildPrintModel } from '#shared/print/print-model';
import { renderPrintPage } from '../../../../lambdas/reports/print/render-html';
import { reportDoc } from '../../../lambdas/reports/print/fixtures';
import { industryAnswer } from '../../../lambdas/reports/print/industry-fixtures';

/** Prints the fixture report with an industry answer, like print_report does, and parses it. */
function print(
  industry: IndustryInsights | null,
  options: Record<string, unknown> = {},
  customize: Record<string, unknown> = {},
) {
  const model = buildPrintModel(
    reportDoc(),
    printOptionsSchema.parse(options),
    printCustomizeSchema.parse(customize),
    { logo: null, stationLogo: null },
    'America/New_York',
    industry,
  );
  const dom = new DOMParser().parseFromString(renderPrintPage(model).html, 'text/html');
  const section = dom.querySelector('[data-testid="print-industry"]');
  const rows = (id: string) =>
    [...(section?.querySelectorAll(`[data-testid="print-industry-${id}"] tr`) ?? [])].map((tr) =>
      [...tr.querySelectorAll('th,td')].map((c) => c.textContent ?? ''),
    );
  return { model, section, rows };
}

const ALL_BUT_DAYPARTS_AND_DAYS = INDUSTRY_SECTIONS.filter((s) => s !== 'dayparts' && s !== 'days');

describe('industry response summary on paper', () => {
  test('is left out when the report settings hide the section', () => {
    const { section, model } = print(
      industryAnswer(['days']),
      {},
      { hidden_sections: ['industry'] },
    );

    expect(model.industry).toBeNull();
    expect(section).toBeNull();
  });

  test('prints each unlocked section with rows as a compact table, indexes floored at 0', () => {
    const { section, rows } = print(industryAnswer(['days']));

    expect(section?.querySelector('h2')?.textContent).toBe('Industry response summary');
    expect(section?.textContent).toContain('Furniture · Compared with 12 other advertisers');
    expect(rows('dayparts')).toEqual([
      ['Label', 'Industry index', 'Your index', 'Industry share of airings', 'Your share'],
      ['Morning', '140', '119', '31%', '25%'],
      ['Overnight', '0', '—', '6%', '0%'],
    ]);
    expect(rows('days')).toEqual([]);
    expect(section?.textContent).not.toContain('SAMPLE DATA');
  });

  test('names the locked sections on one line, with the hint to unlock, and no numbers', () => {
    const { section } = print(industryAnswer(['days', 'stations']));

    const locked = section?.querySelector('[data-testid="print-industry-locked"]')?.textContent;
    expect(locked).toBe(
      'Not in this plan: Days of the week, Stations. Unlock Industry Insights to see them.',
    );
    expect(section?.querySelectorAll('table')).toHaveLength(1);
  });

  test('says SAMPLE DATA for sample benchmarks, and nothing is locked with every section open', () => {
    const { section } = print(industryAnswer([], { sample_data: true }));

    expect(section?.textContent).toContain('SAMPLE DATA: these benchmarks come from sample');
    expect(section?.querySelector('[data-testid="print-industry-locked"]')).toBeNull();
    expect(section?.querySelectorAll('table')).toHaveLength(2);
  });

  test.each([
    ['no answer', null],
    ['a client without an industry', industryAnswer([], { industry: null, sections: [] })],
    ['every section locked', industryAnswer(INDUSTRY_SECTIONS)],
    ['open sections without rows', industryAnswer(['dayparts', 'days'])],
  ])('prints no section for %s', (_name, answer) => {
    const { model, section } = print(answer);

    expect(model.industry).toBeNull();
    expect(section).toBeNull();
  });

  test('the tables-only printout leaves it out; the summary printout keeps it', () => {
    expect(print(industryAnswer(), { panel: 'tables' }).model.industry).toBeNull();
    expect(print(industryAnswer(), { panel: 'summary' }).model.industry).not.toBeNull();
  });

  test('one other advertiser reads in the singular', () => {
    const out = printIndustry(industryAnswer(ALL_BUT_DAYPARTS_AND_DAYS, { advertisers: 1 }));

    expect(out?.compared).toBe('Compared with 1 other advertiser');
  });
});
