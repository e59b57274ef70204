import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { stageConfig } from '../../../lib/config/stage-config';
import { DataStack } from '../../../lib/stacks/data.stack';
import { testApp } from '../cdk-fixture';

let data: Template;

beforeAll(() => {
  const app = testApp();
  data = Template.fromStack(new DataStack(app, 'Data', { config: stageConfig(app) }));
});

describe('user pool MFA', () => {
  it('offers authenticator-app (TOTP) MFA per user, and no SMS codes', () => {
    const [pool] = Object.values(data.findResources('AWS::Cognito::UserPool'));

    // OPTIONAL: the login route makes staff and agents add an authenticator; customers are not
    // asked. Once a user has one, Cognito stops every password sign-in at the code.
    expect(pool?.Properties.MfaConfiguration).toBe('OPTIONAL');
    expect(pool?.Properties.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
  });
});
