import { describe, expect, test } from 'vitest';
import { reportStepPayloadSchema } from '../../../../lambdas/reports/core/step-payload.schema';

const payload = {
  report_id: 'rep-1',
  client_uid: 'client-a',
  session_uid: 'ses-1',
  report_type: 'pro_insights',
  params: {
    date_start: '2024-03-04',
    date_end: '2024-03-10',
    window: 8,
    attribution_method: 'sessions',
  },
  work_prefix: 'work/rep-1/',
};

describe('the step payload between state-machine steps', () => {
  test('keeps what Extract found (resolution, comparison, foot traffic) so later steps use it', () => {
    const next = {
      ...payload,
      resolution: 'minute',
      has_compare: true,
      foot_traffic_resolution: 'hour',
    };

    expect(reportStepPayloadSchema.parse(next)).toEqual(next);
  });

  test('drops keys the steps do not know, such as the Catch error', () => {
    expect(reportStepPayloadSchema.parse({ ...payload, error: { Error: 'x' } })).toEqual(payload);
  });

  test('rejects a work prefix that could point outside the run', () => {
    expect(() =>
      reportStepPayloadSchema.parse({ ...payload, work_prefix: 'reports/x/' }),
    ).toThrow();
  });
});
