import { describe, expect, test } from 'vitest';
import { emptyImportReport, type ImportJob } from '#shared/contracts/postlog.schema';
import { importSettled } from '../../../web/src/api/use-import';

const job: ImportJob = {
  postlog_id: 'p1',
  client_uid: 'c1',
  kind: 'postlog',
  file_name: 'log.csv',
  status: 'uploaded',
  headers: [],
  created_at: '2024-04-08T15:00:00.000Z',
  updated_at: '2024-04-08T15:00:00.000Z',
};
const report = emptyImportReport(3);

describe('import polling stops only when the job has its answer', () => {
  test.each([
    ['uploaded', false, false],
    ['review', false, false],
    ['review', true, true],
    ['complete', false, false],
    ['complete', true, true],
    ['failed', false, true],
  ] as const)('%s with report=%s settled=%s', (status, withReport, settled) => {
    expect(importSettled({ ...job, status, ...(withReport ? { report } : {}) })).toBe(settled);
  });
});
