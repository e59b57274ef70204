import { z } from 'zod';
import { s3Client } from '#shared/aws/clients';
import { creativesFromEnv } from '#shared/creatives/creatives-from-env';
import { readEnv } from '#shared/env';
import { ENV } from '#shared/workers';
import { campaignStoreFromEnv } from '../../campaigns/adapters/campaigns-deps';
import type { PdfRenderer } from '../print/ports';
import type { PrintReportDeps } from '../print/print-report';
import { companiesFromEnv, envVar, storeFromEnv } from './compose';
import { lambdaPdfRenderer } from './lambda-pdf-renderer';
import { localPdfRenderer } from './local-pdf-renderer';
import { HttpPdfImageFetcher } from './pdf-image-fetcher';
import {
  industryInsightsDepsFromEnv,
  plansFromEnv,
  reportSessionsFromEnv,
} from './report-session-deps';
import { S3PdfFiles } from './s3-pdf-files';

/**
 * Which browser prints: `local` (the machine's Chromium, CHROMIUM_PATH or /usr/bin/chromium;
 * the local stack) or `lambda` (@sparticuz/chromium; set by lib/stacks/api.stack.ts on the
 * print_report function).
 */
export const PDF_RENDERER_ENV = 'PDF_RENDERER';

/** The PdfRenderer named by PDF_RENDERER. @throws Error naming the variable when invalid. */
export function pdfRendererFromEnv(env: NodeJS.ProcessEnv = process.env): PdfRenderer {
  const kind = readEnv(
    z.object({ [PDF_RENDERER_ENV]: z.enum(['local', 'lambda']).default('local') }),
    env,
  )[PDF_RENDERER_ENV];
  return kind === 'lambda' ? lambdaPdfRenderer() : localPdfRenderer(env);
}

/**
 * print_report's adapters: companies table, reports bucket, the chosen browser, fetch, the
 * industry panel's (companies table: benchmarks, industries, plans; reports bucket) and the
 * free-report usage (sessions table) with the plans that unlock report sections, and the
 * client's campaigns (companies table) a printout may be scoped to.
 */
export function printDepsFromEnv(): PrintReportDeps {
  return {
    companies: companiesFromEnv(),
    store: storeFromEnv(),
    renderer: pdfRendererFromEnv(),
    files: new S3PdfFiles(s3Client(), envVar(ENV.reportsBucket)),
    images: new HttpPdfImageFetcher(),
    insights: industryInsightsDepsFromEnv(),
    usage: reportSessionsFromEnv(),
    plans: plansFromEnv(),
    creatives: creativesFromEnv(),
    campaigns: campaignStoreFromEnv(),
  };
}
