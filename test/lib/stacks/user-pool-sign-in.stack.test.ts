import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { stageTemplates } from './data-stack-fixture';

let data: Template;

beforeAll(() => {
  ({ data } = stageTemplates());
});

describe('user pool', () => {
  it('signs in by e-mail through the login route only (password auth, no SRP, no client secret)', () => {
    data.hasResourceProperties('AWS::Cognito::UserPool', { UsernameAttributes: ['email'] });
    const [client] = Object.values(data.findResources('AWS::Cognito::UserPoolClient'));
    expect(client?.Properties.GenerateSecret).toBe(false);
    expect(client?.Properties.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    expect(client?.Properties.ExplicitAuthFlows).not.toContain('ALLOW_USER_SRP_AUTH');
    expect(client?.Properties.EnableTokenRevocation).toBe(true);
  });

  it("accepts the spec's passwords: no upper/lower-case rule, digits and symbols required", () => {
    data.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireNumbers: true,
          RequireSymbols: true,
          RequireLowercase: false,
          RequireUppercase: false,
        },
      },
      // Users come from the register route (AdminCreateUser); nobody signs up around it.
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
  });

  it('has the staff and agent groups the staff-only and agent-only routes check', () => {
    data.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'staff' });
    data.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'agent' });
  });

  it('keeps one-time tokens and rate-limit windows in a TTL table', () => {
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
    });
  });

  it('has no Google identity provider or hosted UI unless the stage names a Google client', () => {
    data.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    data.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
  });
});
