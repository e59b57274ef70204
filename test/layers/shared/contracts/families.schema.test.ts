import { describe, expect, it } from 'vitest';
import { familyGenerateRequestSchema } from '#shared/contracts/families.schema';

describe('the generate request of a report family', () => {
  it('names the field a monthly report is missing', () => {
    const r = familyGenerateRequestSchema.safeParse({ kind: 'monthly', client_uid: 'c1' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('month is required for the monthly report.');
    expect(r.error?.issues[0]?.path).toEqual(['month']);
  });

  it('names the quarter for a quarterly report and accepts it with one', () => {
    const missing = familyGenerateRequestSchema.safeParse({ kind: 'quarterly', client_uid: 'c1' });
    expect(missing.error?.issues[0]?.path).toEqual(['quarter']);
    const ok = familyGenerateRequestSchema.parse({
      kind: 'quarterly',
      client_uid: 'c1',
      quarter: '2026-Q3',
      executive_only: 'true',
    });
    expect(ok.executive_only).toBe(true);
  });

  it('refuses a malformed month and an end before the start', () => {
    expect(
      familyGenerateRequestSchema.safeParse({ kind: 'monthly', client_uid: 'c1', month: '2026-13' })
        .error?.issues[0]?.message,
    ).toBe('month must be YYYY-MM.');
    expect(
      familyGenerateRequestSchema.safeParse({
        kind: 'activity',
        start: '2026-05-02',
        end: '2026-05-01',
      }).error?.issues[0]?.path,
    ).toEqual(['end']);
  });
});
