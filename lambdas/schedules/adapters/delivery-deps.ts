import { randomUUID } from 'node:crypto';
import { ddbDocClient, s3Client, sqsClient } from '#shared/aws/clients';
import { requiredEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { rawMailerFromEnv } from '#shared/mail/mailer-from-env';
import { ENV } from '#shared/workers';
import { marketWorkers } from '../../attribution/adapters/market-workers';
import { DynamoCampaigns } from '../../campaigns/adapters/dynamo-campaigns';
import { enginePeriodReports } from '../../families/core/period-reports';
import {
  companiesFromEnv,
  queryEngineFromEnv,
  stepDepsFromEnv,
  systemClock,
} from '../../reports/adapters/compose';
import { pdfRendererFromEnv } from '../../reports/adapters/pdf-deps';
import { HttpPdfImageFetcher } from '../../reports/adapters/pdf-image-fetcher';
import {
  plansFromEnv,
  profileDirectoryFromEnv,
  reportSessionsFromEnv,
} from '../../reports/adapters/report-session-deps';
import { attributionEngineWith } from '../../reports/core/engine';
import { ownerAccess } from '../core/deliver-access';
import type { ConsumeDeliveriesDeps } from '../core/deliver-batch';
import { documentsByKind, scheduledFamilyDocuments } from '../core/deliver-family';
import { scheduledReportDocuments } from '../core/deliver-report';
import { unsubscribeLink } from '../core/unsubscribe-token';
import { RouteLinkedDeliveryFiles } from './delivery-file-links';
import { S3DeliveryFiles } from './s3-delivery-files';
import { buildScheduleDeps, linkSecretFromEnv, schedulesStoreFromEnv } from './schedule-deps';
import { SqsDeliveryDelays } from './sqs-delivery-delays';

/**
 * What the delivery worker runs with: the schedules and deliveries (COMPANIES_TABLE), the report
 * steps, settings, plans and the PDF renderer of the reports context (QUERY_ENGINE,
 * REPORTS_BUCKET, SESSIONS_TABLE, PDF_RENDERER), the delivered files (REPORTS_BUCKET; their links are the delivery_file route's, on APP_ORIGIN, signed with the link secret), the
 * mailer (MAIL_OUTBOX_DIR or MAIL_FROM), unsubscribe links (APP_ORIGIN and the link secret) and
 * the retry delays (DELIVERY_QUEUE_URL). Each adapter is built on first use.
 * @throws Error naming a missing variable, at first use.
 */
export function deliveryDepsFromEnv(env: NodeJS.ProcessEnv = process.env): ConsumeDeliveriesDeps {
  const store = schedulesStoreFromEnv(env);
  const secret = linkSecretFromEnv(env);
  const appOrigin = () => requiredEnv(env, ENV.appOrigin).replace(/\/+$/, '');
  const sessions = lazy(() => reportSessionsFromEnv());
  const report = lazy(() =>
    scheduledReportDocuments({
      steps: stepDepsFromEnv(),
      settings: sessions,
      users: profileDirectoryFromEnv(),
      allowance: { usage: sessions, plans: plansFromEnv() },
      renderer: pdfRendererFromEnv(env),
      images: new HttpPdfImageFetcher(),
      newId: () => randomUUID(),
    }),
  );
  const family = lazy(() =>
    scheduledFamilyDocuments({
      build: {
        companies: companiesFromEnv(),
        periods: enginePeriodReports({
          query: lazy(queryEngineFromEnv),
          engine: attributionEngineWith(marketWorkers()),
        }),
        clock: systemClock,
        campaigns: new DynamoCampaigns(ddbDocClient(), requiredEnv(env, ENV.companiesTable)),
      },
      renderer: pdfRendererFromEnv(env),
    }),
  );
  const documents = documentsByKind(report, family);
  const base = buildScheduleDeps(env);
  return {
    schedules: store,
    deliveries: store,
    access: ownerAccess({ companies: base.companies, features: base.features }),
    documents,
    files: new RouteLinkedDeliveryFiles(
      lazy(() => new S3DeliveryFiles(s3Client(), requiredEnv(env, ENV.reportsBucket))),
      appOrigin,
      secret,
    ),
    mailer: rawMailerFromEnv(env),
    unsubscribe: {
      link: async (schedule, email) =>
        unsubscribeLink(appOrigin(), await secret(), schedule, email),
    },
    get appOrigin() {
      return appOrigin();
    },
    now: () => new Date(),
    delays: lazy(() => new SqsDeliveryDelays(sqsClient(), requiredEnv(env, ENV.deliveryQueueUrl))),
  };
}
