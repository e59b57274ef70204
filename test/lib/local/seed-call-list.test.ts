import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildCallFacts } from '../../../lambdas/call-centre/core/call-facts';
import { parseMonitoringCsv } from '../../../lambdas/call-centre/core/monitoring-csv';
import { sampleMonitoringCsv } from '../../../lib/local/sample-monitoring-log';
import { realMonitoringCsv } from '../../../lib/local/seed-call-list';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A data folder holding a tiny political post-log. */
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ao-calllist-'));
  dirs.push(dir);
  const pol = join(dir, 'political-tv-ad-airings-2016');
  mkdirSync(pol);
  writeFileSync(
    join(pol, 'creatives.csv'),
    [
      'creative_id,archive_embed_url,sponsors,sponsor_types,subjects',
      'C1,u,"Hillary for America, DNC",Candidate Committee,x',
      'C2,u,Future45,Super PAC,x',
      'C3,u,Some Group,Multiple,x',
    ].join('\n'),
  );
  writeFileSync(
    join(pol, 'airings.csv'),
    [
      'airing_id,station,dma_code,program,start_utc,duration_s,creative_id',
      '1,WPVI,504,"News, Late",2016-06-01T15:30:06Z,30,C1',
      '2,KDTV,807,Despierta America,2016-06-02T15:30:06Z,60,C2',
      '3,KDTV,807,,2016-06-03T15:30:06Z,30,C3',
      '4,KDTV,807,Show,2016-06-03T16:00:00Z,30,UNKNOWN',
    ].join('\n'),
  );
  return dir;
}

describe('the seeded monitored post-log', () => {
  test('joins the real airings to their creatives: first sponsor, all under Politics (one race), no cost', async () => {
    const real = await realMonitoringCsv(dataDir());

    const parsed = parseMonitoringCsv(real?.csv ?? '');

    expect(real?.airings).toBe(3);
    expect(parsed.errors).toEqual([]);
    expect(parsed.airings.map((a) => [a.advertiser, a.industry_id, a.program, a.length_s])).toEqual(
      [
        ['Hillary for America', '1474', 'News, Late', 30],
        ['Future45', '1474', 'Despierta America', 60],
        ['Some Group', '1474', '', 30],
      ],
    );
    expect(parsed.airings.every((a) => a.cost_cents === null)).toBe(true);
  });

  test('is null without the data folder', async () => {
    expect(await realMonitoringCsv(join(tmpdir(), 'no-such-data-folder'))).toBeNull();
  });

  test('generates about 40 fictional advertisers in several industries, with costs, the same each time', () => {
    const sample = sampleMonitoringCsv();

    const parsed = parseMonitoringCsv(sample.csv);
    const facts = buildCallFacts(parsed.airings, new Map());

    expect(parsed.errorCount).toBe(0);
    expect(sample.csv).toBe(sampleMonitoringCsv().csv);
    expect(facts).toHaveLength(40);
    expect(facts.every((f) => f.name.endsWith('(sample)') && f.spend !== null)).toBe(true);
    expect(new Set(facts.map((f) => f.industry_id)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(facts.map((f) => f.size))).toEqual(new Set(['small', 'medium', 'large', 'xl']));
    expect(facts.some((f) => !f.always_on_air)).toBe(true);
    expect(facts.every((f) => f.stations.every((s) => /DMO/.test(s)))).toBe(true);
  });
});
