import type { S3Event } from 'aws-lambda';
import { z } from 'zod';
import { ddbDocClient, s3Client } from '#shared/aws/clients';
import { decodeS3EventKey } from '#shared/aws/s3-event-key';
import { envString, readEnv } from '#shared/env';
import { logger } from '#shared/logger';
import type { Industry } from '#shared/reference/industries';
import { workerHandler } from '#shared/worker-handler';
import { CALL_LIST_WORKER, ENV } from '#shared/workers';
import { DynamoReference } from '../../reference/adapters/dynamo-reference';
// Industry benchmarks are the reports context's (same CompaniesTable).
import { DynamoIndustryBenchmarks } from '../../reports/adapters/dynamo-industry-benchmarks';
import { industryVisitsPerAiring } from '../../reports/core/industry-benchmarks';
import { DynamoCallRecordStore } from '../adapters/dynamo-call-records';
import { S3MonitoringFiles } from '../adapters/s3-monitoring-files';
import { onMonitoringObject, type RefreshCallListDeps } from '../core/refresh-call-list';

/** The S3-event handler over `deps`; keys outside MONITORING_PREFIX/*.csv are ignored. */
export function makeHandler(deps: RefreshCallListDeps) {
  return workerHandler(CALL_LIST_WORKER.id, async (event: S3Event) => {
    const results = [];
    for (const record of event.Records ?? []) {
      const key = decodeS3EventKey(record.s3.object.key);
      const result = await onMonitoringObject(deps, key);
      logger.info('call list refresh', { ...result, errors: undefined });
      results.push(result);
    }
    return results;
  });
}

// Composition root of the call-list worker (workers.ts CALL_LIST_WORKER): S3 object-created
// under MONITORING_PREFIX (s3rver's event locally). Env parsed at cold start; industry names
// come from the reference list in the CompaniesTable.
const vars = readEnv(
  z.object({
    [ENV.callRecordsTable]: envString,
    [ENV.uploadsBucket]: envString,
    [ENV.companiesTable]: envString,
  }),
);
const files = new S3MonitoringFiles(s3Client(), vars[ENV.uploadsBucket]);
const reference = new DynamoReference(ddbDocClient(), vars[ENV.companiesTable]);
const benchmarks = new DynamoIndustryBenchmarks(ddbDocClient(), vars[ENV.companiesTable]);
const deps: RefreshCallListDeps = {
  records: new DynamoCallRecordStore(ddbDocClient(), vars[ENV.callRecordsTable]),
  readObject: (key) => files.read(key),
  writeReport: (key, body) => files.writeReport(key, body),
  industries: async () =>
    new Map(((await reference.get<Industry>('industries')) ?? []).map((i) => [i.id, i.name])),
  industryVisitsPerAiring: async (ids) => {
    const out = new Map<string, number>();
    for (const id of ids) {
      const vpa = industryVisitsPerAiring(await benchmarks.listIndustry(id, false));
      if (vpa !== null) out.set(id, vpa);
    }
    return out;
  },
  now: () => new Date(),
};

export const handler = makeHandler(deps);
