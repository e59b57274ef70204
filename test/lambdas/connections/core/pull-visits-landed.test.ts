import type { SQSEvent } from 'aws-lambda';
import { expect, test } from 'vitest';
import type { Ga4ReportRequest } from '../../../../lambdas/connections/core/pull/ports';
import { makeHandler } from '../../../../lambdas/connections/handlers/ga-pull.handler';
import { connection, FakeGa4, ga4Row, propertyState, pullDeps } from '../pull-fakes';

/** One Chicago visits minute at local noon each report day. */
const noonRows = (r: Ga4ReportRequest) => [ga4Row(`${r.date.replaceAll('-', '')}1200`, 3)];

test("a GA4 pull that lands visits tells the product, so the client's onboarding shows visits", async () => {
  const deps = pullDeps(new FakeGa4(noonRows));
  await deps.store.putConnection(connection());
  await deps.store.putPropertyState(propertyState({ quota_tokens: 0, quota_at: '' }));
  const body = JSON.stringify({ client_uid: 'c1', property_id: '1001', reason: 'backfill' });

  await makeHandler(() => deps)({ Records: [{ messageId: 'm0', body }] } as SQSEvent);

  expect(deps.events.landed).toEqual(['c1']);
});
