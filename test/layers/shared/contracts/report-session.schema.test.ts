import { describe, expect, test } from 'vitest';
import {
  defaultReportSettings,
  isHttpUrl,
  reportDefaultsSchema,
  reportSettingsDocSchema,
  saveReportInputSchema,
  withUserDefaults,
} from '#shared/contracts/report-session.schema';

/** The first issue of a failed parse as [dot path, message]. */
function firstIssue(input: unknown): [string, string] | null {
  const parsed = reportSettingsDocSchema.safeParse(input);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return [issue.path.join('.'), issue.message];
}

describe('report settings document', () => {
  test('an empty object is the default document: every section shown, VPA mode, ROI on', () => {
    const doc = reportSettingsDocSchema.parse({});

    expect(doc).toEqual(defaultReportSettings());
    expect(Object.values(doc.sections).every(Boolean)).toBe(true);
    expect(doc).toMatchObject({ vpa: 'auto', roi: true, compare: true, tables: {} });
    expect(doc.cover.show).toBe(false);
  });

  test('a document stored before a field existed gains its default on read', () => {
    const doc = reportSettingsDocSchema.parse({
      sections: { pies: false },
      station: { name: 'W' },
    });

    expect(doc.sections).toMatchObject({ pies: false, calculator: true });
    expect(doc.station).toEqual({
      station_logo: '',
      name: 'W',
      address: '',
      locale: '',
      phone: '',
      url: '',
    });
  });

  test.each([
    [{ station: { name: 'W'.repeat(65) } }, 'station.name', 'Station name must be at most 64'],
    [{ station: { locale: 'x'.repeat(65) } }, 'station.locale', 'Station locale'],
    [{ station: { station_logo: 'file:///etc/passwd' } }, 'station.station_logo', 'http://'],
    [{ station: { url: 'not a site' } }, 'station.url', 'Station website'],
    [{ station: { phone: '555' } }, 'station.phone', 'Station phone'],
    [{ rep: { rep_email_address: 'rita' } }, 'rep.rep_email_address', 'Rep e-mail address'],
    [{ cover: { logo_url: 'javascript:alert(1)' } }, 'cover.logo_url', 'Cover logo'],
    [{ cover: { tracked_website: 'a b' } }, 'cover.tracked_website', 'Tracked website'],
    [{ executive_summary: 'x'.repeat(4001) }, 'executive_summary', '4,000 characters'],
    [{ calculator: { conversion_rate_pct: 101 } }, 'calculator.conversion_rate_pct', '100%'],
    [{ calculator: { ad_spend_cents: 10.5 } }, 'calculator.ad_spend_cents', 'whole cents'],
    [
      { tables: { station: { hidden_columns: ['nope'] } } },
      'tables.station.hidden_columns.0',
      'columns',
    ],
    [{ tables: { station: { sort_field: 'nope' } } }, 'tables.station.sort_field', 'Sort column'],
  ])('%o is refused at %s with a message naming the field', (input, path, message) => {
    const issue = firstIssue(input);

    expect(issue?.[0]).toBe(path);
    expect(issue?.[1]).toContain(message);
  });

  test('station text fields take exactly 64 characters, trimmed', () => {
    const doc = reportSettingsDocSchema.parse({ station: { name: ` ${'W'.repeat(64)} ` } });

    expect(doc.station.name).toHaveLength(64);
  });

  test('hidden columns are kept once each', () => {
    const doc = reportSettingsDocSchema.parse({
      tables: { program: { hidden_columns: ['ads', 'roi_raw', 'ads'] } },
    });

    expect(doc.tables.program).toEqual({
      sort_field: null,
      sort_desc: true,
      hidden_columns: ['ads', 'roi_raw'],
    });
  });

  test.each([
    ['https://cdn.example.com/logo.png', true],
    ['http://example.com/a.svg', true],
    ['data:image/png;base64,AAAA', false],
    ['ftp://example.com/a.png', false],
    ['https://localhost/a.png', false],
    ['logo.png', false],
  ])('image address %s accepted: %s', (url, ok) => {
    expect(isHttpUrl(url)).toBe(ok);
  });
});

describe('station and rep defaults', () => {
  test('fill only the empty station and rep fields', () => {
    const settings = reportSettingsDocSchema.parse({
      station: { name: 'Own' },
      cover: { client_name: 'Acme' },
    });
    const defaults = reportDefaultsSchema.parse({
      station: { name: 'KDEF', address: '1 Main St' },
      rep: { rep_name: 'Rita' },
    });

    const filled = withUserDefaults(settings, defaults);

    expect(filled.station).toMatchObject({ name: 'Own', address: '1 Main St', phone: '' });
    expect(filled.rep.rep_name).toBe('Rita');
    expect(filled.cover.client_name).toBe('Acme');
    expect(settings.station.address).toBe('');
  });
});

describe('save_report input', () => {
  test.each([
    [{ name: '   ' }, 'name', 'Enter a name for this report.'],
    [{ name: 'x'.repeat(121) }, 'name', 'Report name must be at most 120 characters.'],
    [{ comments: 'x'.repeat(2001) }, 'comments', 'Comments must be at most 2,000 characters.'],
    [{ saved_id: '../x' }, 'saved_id', 'saved_id is not a valid id.'],
    [{ report_id: '' }, 'report_id', 'report_id is required.'],
  ])('%o is refused at %s', (over, path, message) => {
    const parsed = saveReportInputSchema.safeParse({
      client_uid: 'c1',
      report_id: 'r1',
      name: 'March',
      settings: {},
      ...over,
    });

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [path], message });
  });
});
