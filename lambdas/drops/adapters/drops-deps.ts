import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ddbDocClient, s3Client } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { envString, readEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { ENV } from '#shared/workers';
// The plain-text mailer of the comms routes (SES in AWS, the outbox folder locally).
import { mailerFromEnv } from '../../comms/adapters/mailer-from-env';
import { buildImportDeps } from '../../imports/adapters/import-deps';
import type { DropChannel, DropFileDeps, DropsDeps } from '../core/ports';
import { folderChannel, noChannel, sftpChannel } from './drop-channels';
import { DynamoDrops } from './dynamo-drops';
import { S3DropFiles } from './s3-drop-files';

const tableEnv = z.object({ [ENV.companiesTable]: envString });

/**
 * How drops reach this deployment, from the environment: a local folder (DROPS_LOCAL_DIR, set
 * by the local stack), else the SFTP server (DROPS_SFTP_HOST, set by CDK when the stage has
 * one), else none.
 */
export function channelFromEnv(env: NodeJS.ProcessEnv): DropChannel {
  const local = env[ENV.dropsLocalDir];
  if (local) return folderChannel(local);
  const host = env[ENV.dropsSftpHost];
  return host ? sftpChannel(host) : noChannel;
}

/** The drop routes' composition root (table parsed at cold start: throws naming it). */
export function buildDropsDeps(env: NodeJS.ProcessEnv = process.env): DropsDeps {
  const table = readEnv(tableEnv, env)[ENV.companiesTable];
  return {
    drops: new DynamoDrops(ddbDocClient(), table),
    companies: new DynamoCompanies(ddbDocClient(), table),
    channel: channelFromEnv(env),
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}

/**
 * The drop worker's composition root: the import pipeline's deps (the same import as a browser
 * upload), the drops, the dropped files in the uploads bucket and the mailer.
 */
export function buildDropFileDeps(env: NodeJS.ProcessEnv = process.env): DropFileDeps {
  const table = readEnv(tableEnv, env)[ENV.companiesTable];
  return {
    drops: new DynamoDrops(ddbDocClient(), table),
    imports: buildImportDeps(env),
    files: lazy(
      () =>
        new S3DropFiles(
          s3Client(),
          readEnv(z.object({ [ENV.uploadsBucket]: envString }), env)[ENV.uploadsBucket],
        ),
    ),
    mailer: mailerFromEnv(env),
    appOrigin: env[ENV.appOrigin] ?? '',
    now: () => new Date(),
  };
}
