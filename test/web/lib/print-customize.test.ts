import { describe, expect, test } from 'vitest';
import { defaultReportSettings } from '#shared/contracts/report-session.schema';
import { printCustomizeOf } from '../../../web/src/lib/print-customize';

/** Default settings with the cover page on (it is off by default). */
function settingsWithCover() {
  const settings = defaultReportSettings();
  settings.cover.show = true;
  return settings;
}

describe('what the printout leaves out, from the report settings', () => {
  test('nothing when every section and the cover are on', () => {
    expect(printCustomizeOf(settingsWithCover())?.hidden_sections).toEqual([]);
  });

  test('the sections switched off on screen, the industry response summary included', () => {
    const settings = settingsWithCover();
    settings.sections.chart = false;
    settings.sections.industry = false;

    expect(printCustomizeOf(settings)?.hidden_sections).toEqual(['chart', 'industry']);
  });
});
