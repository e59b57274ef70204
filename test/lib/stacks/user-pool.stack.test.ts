import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { COGNITO_TOKEN_GATE } from '#shared/workers';
import {
  buildStage,
  flattenedTemplate,
  functionStatements,
  logicalIdOf,
  resourcesOf,
} from '../cdk-fixture';

let data: Template;
let api: Template;
let withGoogle: Template;

beforeAll(() => {
  const stacks = buildStage();
  data = Template.fromStack(stacks.data);
  api = flattenedTemplate(stacks.api);
  withGoogle = Template.fromStack(
    buildStage({
      googleClientId: 'google-client',
      googleClientSecretName: 'google-secret',
      siteDomain: 'app.example.com',
    }).data,
  );
});

describe('user pool: no tokens before the e-mail is verified', () => {
  it('runs the token gate as its pre-token-generation trigger (sign-in and every refresh)', () => {
    const gate = logicalIdOf(data, 'AWS::Lambda::Function', `${COGNITO_TOKEN_GATE.id}Function`);
    const [pool] = Object.values(data.findResources('AWS::Cognito::UserPool'));

    expect(pool?.Properties.LambdaConfig.PreTokenGeneration).toEqual({
      'Fn::GetAtt': [gate, 'Arn'],
    });
    expect(resourcesOf(data)[gate]?.Properties?.Handler).toBe('index.handler');
    data.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [gate, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
  });

  it("carries Google's own email_verified into the pool, so the gate can judge Google users", () => {
    withGoogle.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      AttributeMapping: { email: 'email', email_verified: 'email_verified' },
    });
  });

  it('lets the browser change no attribute but the names (the e-mail changes only through us)', () => {
    const [client] = Object.values(data.findResources('AWS::Cognito::UserPoolClient'));

    expect([...(client?.Properties.WriteAttributes ?? [])].sort()).toEqual([
      'family_name',
      'given_name',
    ]);
  });

  it('lets the account routes sign a user out everywhere (AdminUserGlobalSignOut)', () => {
    const actions = functionStatements(api, 'ChangePasswordFunction').flatMap((s) => s.Action);

    expect(actions).toContain('cognito-idp:AdminUserGlobalSignOut');
  });

  it("lets the session routes read (only read) a user's verified flag from the pool", () => {
    for (const fn of ['GetSessionFunction', 'UpdateProfileFunction', 'MissingInfoFunction']) {
      const actions = functionStatements(api, fn).flatMap((s) => s.Action);
      expect(actions, fn).toContain('cognito-idp:AdminGetUser');
      expect(actions, fn).not.toContain('cognito-idp:AdminSetUserPassword');
    }
  });
});
