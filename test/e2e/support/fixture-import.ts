import {
  type HeaderMapping,
  type ImportJob,
  PLSPOT_FIELDS,
} from '#shared/contracts/postlog.schema';

/**
 * Hand-made import jobs for the development stub (dev only). A post-log goes
 * uploaded -> review (two bad rows, one with a proposed year fix) -> complete after confirm.
 */
export function importJob(
  postlogId: string,
  kind: ImportJob['kind'],
  fileName: string,
  status: ImportJob['status'],
): ImportJob {
  const headers = ['Station', 'Market', 'Air Date', 'Air Time', 'ISCI', 'Length', 'Rate'];
  const base = {
    postlog_id: postlogId,
    client_uid: 'demo-coffee',
    kind,
    file_name: fileName,
    status,
    headers: kind === 'postlog' ? headers : ['minute_utc', 'sessions'],
    created_at: '2024-04-08T15:00:00.000Z',
    updated_at: '2024-04-08T15:00:03.000Z',
  };
  if (status === 'uploaded') return base;
  const named: Partial<HeaderMapping> = {
    station: 'Station',
    market: 'Market',
    date: 'Air Date',
    time: 'Air Time',
    creative: 'ISCI',
    length: 'Length',
    cost: 'Rate',
  };
  const mapping = Object.fromEntries(
    PLSPOT_FIELDS.map((field) => [field, named[field] ?? null]),
  ) as HeaderMapping;
  const errors =
    status === 'review'
      ? [
          { row: 4, field: 'date', message: 'year 0024 is not valid', proposed: '2024-03-06' },
          { row: 9, field: 'station', message: 'station is blank' },
        ]
      : [];
  return {
    ...base,
    mapping: kind === 'postlog' ? mapping : undefined,
    report: {
      rows: 120,
      new_spots: status === 'complete' ? 119 : 0,
      updated_spots: 0,
      unchanged_spots: 0,
      errors,
      error_count: errors.length,
      warnings: [{ row: 17, field: 'creative', message: 'creative is blank' }],
      warning_count: 1,
      newadvertisers: status === 'complete' ? ['Demo Coffee Co.'] : [],
      newstations: status === 'complete' ? ['WAOW-TV', 'KOWL-TV'] : [],
      newmarkets: status === 'complete' ? ['505'] : [],
      note: status === 'complete' ? 'Imported 119 spots.' : '',
    },
  };
}
