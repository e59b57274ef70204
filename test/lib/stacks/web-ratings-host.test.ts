import { runInNewContext } from 'node:vm';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { viewerRequestCode } from '../../../lib/stacks/web.stack';
import { buildStage } from '../cdk-fixture';

interface FunctionResult {
  statusCode?: number;
  headers?: Record<string, { value: string }>;
  uri?: string;
}

/** Runs the viewer-request function's source in a bare sandbox, as the JS 2.0 runtime does. */
function viewerRequest(code: string, uri: string, host?: string): FunctionResult {
  const handler = runInNewContext(`${code}; handler`, {}) as (event: unknown) => FunctionResult;
  return handler({
    version: '1.0',
    request: {
      method: 'GET',
      uri,
      querystring: {},
      headers: host ? { host: { value: host } } : {},
      cookies: {},
    },
  });
}

describe('the ratings host on the same distribution (the second brand, spec §1)', () => {
  it.each([
    '/',
    '/top-ten/501/news_talk',
    '/station/radio:WAAO-FM',
    '/reset-password',
    '/login',
    '/ss',
    '/nope',
  ])('a ratings Host gets /ratings.html for %s', (uri) => {
    const result = viewerRequest(viewerRequestCode(), uri, 'ratings.analyticowl.com');

    expect(result.statusCode).toBeUndefined();
    expect(result.uri).toBe('/ratings.html');
  });

  it('no legacy redirect on a ratings host: its router sends unknown paths to its root', () => {
    const result = viewerRequest(viewerRequestCode(), '/contact', 'Ratings.AnalyticOwl.com');

    expect(result.statusCode).toBeUndefined();
    expect(result.uri).toBe('/ratings.html');
  });

  it('files keep their path on a ratings host', () => {
    const result = viewerRequest(
      viewerRequestCode(),
      '/brand/ratings-logo.svg',
      'ratings.analyticowl.com',
    );

    expect(result.uri).toBe('/brand/ratings-logo.svg');
  });

  it('the first brand keeps its pages and redirects', () => {
    const code = viewerRequestCode();

    expect(viewerRequest(code, '/', 'analyticowl.com').uri).toBe('/index.html');
    expect(viewerRequest(code, '/ss', 'analyticowl.com').uri).toBe('/ss.html');
    expect(viewerRequest(code, '/contact', 'analyticowl.com').statusCode).toBe(301);
    expect(viewerRequest(code, '/login').uri).toBe('/login.html');
  });

  it("a stage's ratingsDomain becomes a ratings host and, with its certificate, an alternate name", () => {
    const stacks = buildStage({
      ratingsDomain: 'ratings.example.net',
      ratingsCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    });
    const web = Template.fromStack(stacks.web);
    const [fn] = Object.values(web.findResources('AWS::CloudFront::Function'));
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    const config = distribution?.Properties.DistributionConfig;

    const code = String(fn?.Properties.FunctionCode);
    expect(viewerRequest(code, '/', 'ratings.example.net').uri).toBe('/ratings.html');
    expect(config.Aliases).toEqual(['ratings.example.net']);
    expect(config.ViewerCertificate.AcmCertificateArn).toBe(
      'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    );
  });
});
