import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One Powertools logger per container (house-style item 4). JSON lines to stdout, which
 * CloudWatch collects in AWS; locally the log level follows POWERTOOLS_LOG_LEVEL (default WARN
 * under tests, INFO otherwise). Never log request bodies: they may hold passwords or card data.
 */
export const logger = new Logger({
  serviceName: 'analyticowl',
  logLevel: (process.env.POWERTOOLS_LOG_LEVEL ?? (process.env.VITEST ? 'ERROR' : 'INFO')) as 'INFO',
});
