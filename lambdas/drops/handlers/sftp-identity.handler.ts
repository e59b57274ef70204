import { z } from 'zod';
import { ddbDocClient } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { envString, readEnv } from '#shared/env';
import { logger } from '#shared/logger';
import { workerHandler } from '#shared/worker-handler';
import { DROP_SFTP_IDENTITY, ENV } from '#shared/workers';
import { DynamoDrops } from '../adapters/dynamo-drops';
import { type SftpIdentityDeps, type SftpLoginEvent, sftpIdentity } from '../core/sftp-identity';

/**
 * The drops' SFTP identity provider (workers.ts DROP_SFTP_IDENTITY), invoked by AWS Transfer
 * Family at each login. Logs the user name and outcome only (never a key or password).
 */
export function makeHandler(deps: SftpIdentityDeps) {
  return workerHandler(DROP_SFTP_IDENTITY.id, async (event: SftpLoginEvent) => {
    const identity = await sftpIdentity(deps, event);
    logger.info('sftp login', {
      username: String(event.username ?? '').slice(0, 100),
      sourceIp: event.sourceIp,
      allowed: identity.Role !== undefined,
    });
    return identity;
  });
}

// Composition root: env parsed at cold start (throws naming a missing variable).
const vars = readEnv(
  z.object({
    [ENV.companiesTable]: envString,
    [ENV.uploadsBucket]: envString,
    [ENV.dropsSftpRoleArn]: envString,
  }),
);
export const handler = makeHandler({
  drops: new DynamoDrops(ddbDocClient(), vars[ENV.companiesTable]),
  companies: new DynamoCompanies(ddbDocClient(), vars[ENV.companiesTable]),
  bucket: vars[ENV.uploadsBucket],
  roleArn: vars[ENV.dropsSftpRoleArn],
});
