import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import {
  actionsOn,
  buildStage,
  constructId,
  flattenedTemplate,
  functionEnv,
  functionStatements,
  logicalIdOf,
  resourcesOf,
} from '../cdk-fixture';

let off: AppStacks;
let on: AppStacks;
let dataOn: Template;
let pipeline: Template;

beforeAll(() => {
  off = buildStage();
  on = buildStage({ dropsSftp: 'true' });
  dataOn = Template.fromStack(on.data);
  pipeline = Template.fromStack(off.pipeline);
}, 120_000);

describe('the drops SFTP server', () => {
  it('is not created unless the stage turns it on (a Transfer server bills every hour)', () => {
    Template.fromStack(off.data).resourceCountIs('AWS::Transfer::Server', 0);
    expect(functionEnv(flattenedTemplate(off.api), 'CreateDropFunction')).not.toHaveProperty(
      'DROPS_SFTP_HOST',
    );
  });

  it('with dropsSftp=true: one SFTP server, SSH keys only, its users answered by the drop identity Lambda', () => {
    const identityFn = logicalIdOf(dataOn, 'AWS::Lambda::Function', 'SftpDropsDropSftpIdentity');

    dataOn.resourceCountIs('AWS::Transfer::Server', 1);
    dataOn.hasResourceProperties('AWS::Transfer::Server', {
      Domain: 'S3',
      Protocols: ['SFTP'],
      EndpointType: 'PUBLIC',
      IdentityProviderType: 'AWS_LAMBDA',
      IdentityProviderDetails: {
        Function: { 'Fn::GetAtt': [identityFn, 'Arn'] },
        SftpAuthenticationMethods: 'PUBLIC_KEY',
      },
    });
    dataOn.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 'transfer.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [identityFn, 'Arn'] },
    });
    const statements = functionStatements(dataOn, 'SftpDropsDropSftpIdentity');
    const table = constructId(on.data.resources.companiesTable, on.data);
    expect(actionsOn(statements, table)).not.toContain('dynamodb:PutItem');
    expect(actionsOn(statements, table)).toContain('dynamodb:GetItem');
  });

  it('sessions assume a role limited to drops/ of the uploads bucket', () => {
    const resources = resourcesOf(dataOn);
    const role = logicalIdOf(dataOn, 'AWS::IAM::Role', 'SftpDropsSessionRole');
    const statements = Object.values(resources)
      .filter(
        (r) =>
          r.Type === 'AWS::IAM::Policy' &&
          JSON.stringify(r.Properties?.Roles).includes(`"${role}"`),
      )
      .flatMap(
        (r) =>
          (r.Properties?.PolicyDocument as { Statement: { Resource: unknown }[] } | undefined)
            ?.Statement ?? [],
      );
    const objectPatterns = statements
      .flatMap((s) => ([] as unknown[]).concat(s.Resource))
      .map((r) => JSON.stringify(r).match(/"(\/[^"]*)"/)?.[1])
      .filter(Boolean);

    expect(resources[role]?.Properties?.AssumeRolePolicyDocument).toMatchObject({
      Statement: [expect.objectContaining({ Principal: { Service: 'transfer.amazonaws.com' } })],
    });
    expect(new Set(objectPatterns)).toEqual(new Set(['/drops/*']));
  });

  it('create_drop and list_drops learn its host; revoke_drop does not need it', () => {
    const api = flattenedTemplate(on.api);

    expect(JSON.stringify(functionEnv(api, 'CreateDropFunction').DROPS_SFTP_HOST)).toContain(
      '.server.transfer.',
    );
    expect(functionEnv(api, 'ListDropsFunction')).toHaveProperty('DROPS_SFTP_HOST');
    expect(functionEnv(api, 'RevokeDropFunction')).not.toHaveProperty('DROPS_SFTP_HOST');
  });
});

describe('the drop worker', () => {
  const dataId = (resource: unknown) => constructId(resource, off.data);

  it('is triggered by objects created under drops/ of the uploads bucket', () => {
    const dropFn = logicalIdOf(pipeline, 'AWS::Lambda::Function', 'DropObjectCreatedFunction');
    const [notifications] = Object.values(pipeline.findResources('Custom::S3BucketNotifications'));

    expect(JSON.stringify(notifications?.Properties.BucketName)).toContain(
      dataId(off.data.resources.uploadsBucket),
    );
    expect(
      notifications?.Properties.NotificationConfiguration.LambdaFunctionConfigurations,
    ).toContainEqual({
      Events: ['s3:ObjectCreated:*'],
      Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'drops/' }] } },
      LambdaFunctionArn: { 'Fn::GetAtt': [dropFn, 'Arn'] },
    });
    pipeline.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 's3.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [dropFn, 'Arn'] },
    });
  });

  it('reads and writes drops/ and uploads/ only, writes the lake, and mails from the stage sender', () => {
    const statements = functionStatements(pipeline, 'DropObjectCreatedFunction');
    const uploads = dataId(off.data.resources.uploadsBucket);
    const patterns = statements
      .flatMap((s) => s.Resource)
      .filter((r) => JSON.stringify(r).includes(uploads))
      .map((r) => JSON.stringify(r).match(/"(\/[^"]*)"/)?.[1])
      .filter(Boolean);

    expect(new Set(patterns)).toEqual(new Set(['/drops/*', '/uploads/*']));
    expect(actionsOn(statements, dataId(off.data.resources.lakeBucket))).toContain('s3:PutObject');
    expect(statements.flatMap((s) => s.Action)).toContain('ses:SendEmail');
    expect(functionEnv(pipeline, 'DropObjectCreatedFunction')).toHaveProperty('APP_ORIGIN');
  });
});
