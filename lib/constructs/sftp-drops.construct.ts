import { type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { CfnServer } from 'aws-cdk-lib/aws-transfer';
import { Construct } from 'constructs';
import { DROP_PREFIX, DROP_SFTP_IDENTITY, ENV } from '#shared/workers';
import { ApiFunction } from './api-function.construct';

/** Props of {@link SftpDrops}. */
export interface SftpDropsProps {
  /** Where drops land (`drops/<org_uid>/<client_uid | _org>/`). */
  readonly uploadsBucket: IBucket;
  /** The drops (the identity provider reads them). */
  readonly companiesTable: ITableV2;
  readonly logRetention: RetentionDays;
  /** The server's removal policy: its host name is what uploaders configure. */
  readonly removalPolicy: RemovalPolicy;
}

/**
 * The post-log drops' SFTP server: an AWS Transfer Family server (SFTP, public endpoint, SSH
 * keys only) whose users are the drops themselves. Its identity provider is a Lambda
 * (workers.ts DROP_SFTP_IDENTITY) that reads the drop at every login and answers with its
 * public key, a logical home `/` mapped onto the drop's prefix and a session policy limited to
 * it, so no Transfer API is called per drop: a drop works once stored and is refused once
 * revoked. Sessions assume one role limited to DROP_PREFIX of the uploads bucket. A Transfer
 * server is billed per hour while it exists, so the stage creates it only on request
 * (StageConfig.dropsSftp).
 */
export class SftpDrops extends Construct {
  /** Host name uploaders connect to: `<server id>.server.transfer.<region>.amazonaws.com`. */
  readonly host: string;
  readonly server: CfnServer;
  readonly identityFunction: ApiFunction;
  /** The role every drop's SFTP session assumes (narrowed per drop by the session policy). */
  readonly sessionRole: iam.Role;

  constructor(scope: Construct, id: string, props: SftpDropsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const transfer = new iam.ServicePrincipal('transfer.amazonaws.com');

    this.sessionRole = new iam.Role(this, 'SessionRole', {
      assumedBy: transfer,
      description: 'SFTP sessions of post-log drops: their own prefix under drops/ only',
    });
    props.uploadsBucket.grantRead(this.sessionRole, `${DROP_PREFIX}*`);
    props.uploadsBucket.grantPut(this.sessionRole, `${DROP_PREFIX}*`);
    props.uploadsBucket.grantDelete(this.sessionRole, `${DROP_PREFIX}*`);

    this.identityFunction = new ApiFunction(this, `${DROP_SFTP_IDENTITY.id}Function`, {
      entry: DROP_SFTP_IDENTITY.handler,
      timeoutS: DROP_SFTP_IDENTITY.timeoutS,
      memoryMb: DROP_SFTP_IDENTITY.memoryMb,
      logRetention: props.logRetention,
      description: 'SFTP logins of post-log drops',
      environment: {
        [ENV.uploadsBucket]: props.uploadsBucket.bucketName,
        [ENV.dropsSftpRoleArn]: this.sessionRole.roleArn,
      },
    }).bindTable(props.companiesTable, 'read');

    const loggingRole = new iam.Role(this, 'LoggingRole', {
      assumedBy: transfer,
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSTransferLoggingAccess'),
      ],
    });
    this.server = new CfnServer(this, 'Server', {
      domain: 'S3',
      protocols: ['SFTP'],
      endpointType: 'PUBLIC',
      identityProviderType: 'AWS_LAMBDA',
      identityProviderDetails: {
        function: this.identityFunction.functionArn,
        sftpAuthenticationMethods: 'PUBLIC_KEY',
      },
      securityPolicyName: 'TransferSecurityPolicy-2024-01',
      loggingRole: loggingRole.roleArn,
    });
    this.server.applyRemovalPolicy(props.removalPolicy);
    this.identityFunction.addPermission('TransferInvoke', {
      principal: transfer,
      sourceArn: this.server.attrArn,
      sourceAccount: stack.account,
    });
    this.host = `${this.server.attrServerId}.server.transfer.${stack.region}.${stack.urlSuffix}`;
  }
}
