import { describe, expect, test } from 'vitest';
import {
  athenaFootTrafficLocationsSql,
  athenaFootTrafficSql,
} from '../../../../lambdas/reports/adapters/athena-sql';

const open = [
  {
    location_id: 'S-1',
    timezone: 'America/Chicago',
    rules: [{ isodow: 1, fromMin: 540, toMin: 1020 }],
  },
];

describe('Athena foot-traffic SQL with opening hours', () => {
  test('both store-visit queries keep a store with hours only inside its windows', () => {
    for (const { sql, params } of [
      athenaFootTrafficSql('db', 'c1', 'hour', 0, 3600, undefined, open),
      athenaFootTrafficLocationsSql('db', 'c1', 'hour', 0, 3600, undefined, open),
    ]) {
      expect(sql).toContain('NOT IN (?)');
      expect(sql).toContain('(VALUES (?, ?, ?, ?, ?))');
      expect(params.slice(-6)).toEqual(["'S-1'", "'S-1'", "'America/Chicago'", '1', '540', '1020']);
      expect(sql).toContain(
        'day_of_week(at_timezone(from_unixtime(bucket_utc), open_hours.tz)) = open_hours.dow',
      );
    }
  });

  test('without hours the queries are unchanged', () => {
    expect(athenaFootTrafficSql('db', 'c1', 'hour', 0, 3600).sql).not.toContain('open_hours');
    expect(athenaFootTrafficSql('db', 'c1', 'hour', 0, 3600, undefined, [])).toEqual(
      athenaFootTrafficSql('db', 'c1', 'hour', 0, 3600),
    );
  });
});
