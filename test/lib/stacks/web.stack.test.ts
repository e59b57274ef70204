import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_REDIRECTS } from '#shared/site-redirects';
import { stageConfig } from '../../../lib/config/stage-config';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import { viewerRequestCode, WebStack } from '../../../lib/stacks/web.stack';
import { buildStage, testApp } from '../cdk-fixture';

// AWS managed CloudFront policies (fixed ids).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  AllowedMethods?: string[];
  ResponseHeadersPolicyId?: unknown;
  FunctionAssociations?: Array<{ EventType: string; FunctionARN: unknown }>;
}

let stacks: AppStacks;
let web: Template;
let config: {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  Origins: Array<{ Id: string; DomainName: unknown; OriginAccessControlId?: unknown }>;
};

beforeAll(() => {
  stacks = buildStage();
  web = Template.fromStack(stacks.web);
  const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
  config = distribution?.Properties.DistributionConfig;
});

const behavior = (path: string) => config.CacheBehaviors.find((b) => b.PathPattern === path);
const origin = (id: string) => config.Origins.find((o) => o.Id === id);

describe('web distribution', () => {
  it('serves the site from the private bucket through origin access control', () => {
    const site = origin(config.DefaultCacheBehavior.TargetOriginId);
    expect(site?.OriginAccessControlId).toBeDefined();
    expect(JSON.stringify(site?.DomainName)).toContain('WebBucket');
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('forwards /ss_rest/* uncached, with all methods and viewer headers, to the HTTP API', () => {
    const api = behavior('/ss_rest/*');
    const apiId = stacks.api.resolve(
      stacks.api.getLogicalId(stacks.api.httpApi.node.defaultChild as never),
    );

    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
      AllowedMethods: expect.arrayContaining(['POST', 'PUT', 'DELETE', 'GET']),
    });
    expect(JSON.stringify(origin(api?.TargetOriginId ?? '')?.DomainName)).toContain(apiId);
  });

  it('caches hashed /assets/* files with the optimized policy', () => {
    expect(behavior('/assets/*')?.CachePolicyId).toBe(CACHING_OPTIMIZED);
  });

  it('serves /assets/* straight from the bucket, with no redirect or SPA rewrite', () => {
    const assets = behavior('/assets/*');

    expect(assets?.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(assets?.FunctionAssociations).toBeUndefined();
  });

  it('adds security headers to every behavior', () => {
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: { AccessControlMaxAgeSec: 31536000, Override: true },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY' },
        },
      },
    });
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(b.ResponseHeadersPolicyId, b.PathPattern ?? 'default').toBeDefined();
    }
  });
});

describe('SPA deep links', () => {
  /** The viewer-request function attached to the default behavior, as a callable. */
  const rewrite = () => {
    const [fn] = Object.values(web.findResources('AWS::CloudFront::Function'));
    const code = String(fn?.Properties.FunctionCode);
    return new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => {
      uri: string;
    };
  };

  it('attaches a viewer-request rewrite to the default behavior only', () => {
    expect(config.DefaultCacheBehavior.FunctionAssociations?.[0]?.EventType).toBe('viewer-request');
    expect(behavior('/ss_rest/*')?.FunctionAssociations).toBeUndefined();
  });

  it.each([
    ['/ss', '/ss.html'],
    ['/ss/', '/ss.html'],
    ['/ss/account', '/ss.html'],
    ['/app', '/ss.html'],
    ['/login', '/login.html'],
    ['/reset-password', '/login.html'],
    ['/all-connect', '/connect.html'],
    ['/call-centre', '/callcentre.html'],
    ['/ssx', '/index.html'],
    ['/measurement', '/index.html'],
    ['/plans/subscribe', '/index.html'],
    ['/assets/index-abc123.js', '/assets/index-abc123.js'],
    ['/favicon.ico', '/favicon.ico'],
  ])('serves %s from %s', (uri, expected) => {
    expect(rewrite()({ request: { uri } }).uri).toBe(expected);
  });
});

describe('legacy redirects (spec §2 "Redirects": real 301s for legacy paths)', () => {
  interface FakeRequest {
    uri: string;
    querystring: Record<string, { value: string; multiValue?: Array<{ value: string }> }>;
  }
  interface FunctionResult {
    statusCode?: number;
    headers?: Record<string, { value: string }>;
    uri?: string;
  }
  /** Runs the generated source in a bare sandbox (as the JS 2.0 runtime does: no imports). */
  const handler = runInNewContext(`${viewerRequestCode()}; handler`, {}) as (event: {
    version: string;
    request: FakeRequest & { method: string; headers: object; cookies: object };
  }) => FunctionResult;
  const viewerRequest = (uri: string, querystring: FakeRequest['querystring'] = {}) =>
    handler({
      version: '1.0',
      request: { method: 'GET', uri, querystring, headers: {}, cookies: {} },
    });

  it('embeds every redirect of the shared table in the deployed function code', () => {
    const [fn] = Object.values(web.findResources('AWS::CloudFront::Function'));
    const code = String(fn?.Properties.FunctionCode);

    expect(code).toBe(viewerRequestCode());
    for (const [from, to] of Object.entries(SITE_REDIRECTS)) {
      expect(code).toContain(`${JSON.stringify(from)}:${JSON.stringify(to)}`);
    }
  });

  it.each(Object.entries(SITE_REDIRECTS))('%s answers 301 to %s', (from, to) => {
    const result = viewerRequest(from);

    expect(result.statusCode).toBe(301);
    expect(result.headers?.location?.value).toBe(to);
  });

  it('keeps the query string, repeated and empty parameters included', () => {
    const result = viewerRequest('/contact', {
      utm_source: { value: 'mail' },
      tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b%20c' }] },
      flag: { value: '' },
    });

    expect(result.statusCode).toBe(301);
    expect(result.headers?.location?.value).toBe(
      '/contact-us?utm_source=mail&tag=a&tag=b%20c&flag',
    );
  });

  it.each([
    ['/ss', '/ss.html'],
    ['/contact-us', '/index.html'],
    ['/Contact', '/index.html'],
    ['/assets/x.js', '/assets/x.js'],
  ])('passes %s through to %s (rewritten to the page of the app that owns it)', (uri, expected) => {
    const result = viewerRequest(uri, { a: { value: '1' } });

    expect(result.statusCode).toBeUndefined();
    expect(result.uri).toBe(expected);
  });

  it('stays well under the 10 KB CloudFront Functions size limit', () => {
    expect(Buffer.byteLength(viewerRequestCode())).toBeLessThan(2_000);
  });
});

describe('site deployment', () => {
  const deployments = (webDist: string) => {
    const app = testApp();
    const apiStack = new Stack(app, 'ApiHolder');
    const httpApi = new HttpApi(apiStack, 'Api');
    const stack = new WebStack(app, 'Site', { config: stageConfig(app), httpApi, webDist });
    return Object.values(Template.fromStack(stack).findResources('Custom::CDKBucketDeployment'));
  };

  it('uploads hashed assets as immutable and pages as no-cache when the site is built', () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'export {};');

    const found = deployments(dist).map((d) => d.Properties);
    rmSync(dist, { recursive: true });

    expect(found).toHaveLength(2);
    const assets = found.find((p) => JSON.stringify(p.Include ?? []).includes('assets/*'));
    const pages = found.find((p) => JSON.stringify(p.Exclude ?? []) === '["assets/*"]');
    expect(assets?.SystemMetadata['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(pages?.SystemMetadata['cache-control']).toBe('no-cache');
    expect(pages?.DistributionPaths).toEqual(['/*']);
  });

  it('synthesizes without a deployment when the site has not been built', () => {
    expect(deployments(join(tmpdir(), 'no-such-web-dist'))).toEqual([]);
  });
});
