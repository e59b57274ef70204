import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CfnOutput, Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { RATINGS_HOSTS } from '#shared/brands';
import { type EntryRow, HOME_PAGE, RATINGS_PAGE, SITE_ENTRIES } from '#shared/site-entries';
import { SITE_REDIRECTS } from '#shared/site-redirects';
import type { StageConfig } from '../config/stage-config';
import { PROJECT_ROOT } from '../constructs/api-function.construct';

/** Props of {@link WebStack}. */
export interface WebStackProps extends StackProps {
  readonly config: StageConfig;
  readonly httpApi: IHttpApi;
  /** Built SPA (vite output). Deployed only when it exists. @default <repo>/web/dist */
  readonly webDist?: string;
}

/**
 * Source of the default behaviour's viewer-request CloudFront Function (JS 2.0 runtime, no
 * imports). 1. A URI that is a key of `redirects` (exact match) answers `301` with `location`
 * set to its target plus the viewer's query string (real 301s for legacy paths, spec §2 "Redirects").
 * 2. Otherwise extension-less paths are rewritten to the page of the application that owns them
 * (separate entry bundles; the same table as the local server: /ss and /ss/... ->
 * /ss.html, /login … -> /login.html, anything else -> /index.html).
 * A request whose Host is a ratings host (layers/shared/brands.ts; the second brand on the same
 * distribution) gets no redirect and the ratings site's page for every extension-less path: its
 * own router sends unknown paths to its root.
 * The tables are JSON-embedded, so the function code changes whenever a table does.
 * @param redirects exact legacy path -> target. @default {@link SITE_REDIRECTS} (spec §2)
 * @param entries the applications' pages and paths. @default {@link SITE_ENTRIES}
 * @param ratingsHosts lower-case host names of the ratings site. @default {@link RATINGS_HOSTS}
 * @returns the function source (well under the 10 KB CloudFront Functions limit).
 */
export function viewerRequestCode(
  redirects: Readonly<Record<string, string>> = SITE_REDIRECTS,
  entries: readonly EntryRow[] = SITE_ENTRIES,
  ratingsHosts: readonly string[] = RATINGS_HOSTS,
): string {
  // Query values arrive as sent (still URL-encoded), so they are joined back unchanged.
  return `var REDIRECTS = ${JSON.stringify(redirects)};
var ENTRIES = ${JSON.stringify(entries.map((e) => ({ page: e.page, paths: e.paths, prefixes: e.prefixes })))};
var RATINGS = ${JSON.stringify(ratingsHosts)};
function pageFor(uri) {
  for (var i = 0; i < ENTRIES.length; i++) {
    var e = ENTRIES[i];
    if (e.paths.indexOf(uri) !== -1) return e.page;
    for (var j = 0; j < e.prefixes.length; j++) {
      var p = e.prefixes[j];
      if (uri === p || uri.indexOf(p + '/') === 0) return e.page;
    }
  }
  return '${HOME_PAGE}';
}
function query(qs) {
  var parts = [];
  for (var key in qs) {
    var values = qs[key].multiValue || [qs[key]];
    for (var i = 0; i < values.length; i++) {
      parts.push(values[i].value === '' ? key : key + '=' + values[i].value);
    }
  }
  return parts.length ? '?' + parts.join('&') : '';
}
function handler(event) {
  var request = event.request;
  var host = (request.headers || {}).host;
  var ratings = !!host && RATINGS.indexOf(host.value.toLowerCase()) !== -1;
  if (!ratings && Object.prototype.hasOwnProperty.call(REDIRECTS, request.uri)) {
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: REDIRECTS[request.uri] + query(request.querystring || {}) } },
    };
  }
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) { request.uri = ratings ? '${RATINGS_PAGE}' : pageFor(request.uri); }
  return request;
}`;
}

/**
 * The site: a private S3 bucket behind CloudFront (OAC) with SPA deep links and 301s for the
 * legacy paths of {@link SITE_REDIRECTS}, plus `/ss_rest/*` forwarded uncached to the HTTP API
 * so the browser calls its own origin. Hashed `/assets/*` are cached for a year; index.html is
 * revalidated on every load.
 */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly webBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.webBucket = new s3.Bucket(this, 'WebBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.autoDeleteObjects,
    });
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.webBucket);
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy:
            // Stripe Elements: its script, its card iframes and its API.
            "default-src 'self'; script-src 'self' https://js.stripe.com; " +
            "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://*.stripe.com; " +
            "font-src 'self' data:; frame-src https://js.stripe.com https://hooks.stripe.com; " +
            "connect-src 'self' https://*.amazonaws.com https://api.stripe.com; " +
            "frame-ancestors 'none'; " +
            "base-uri 'self'; form-action 'self'",
          override: true,
        },
      },
    });
    const { ratingsDomain } = config;
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(
        viewerRequestCode(SITE_REDIRECTS, SITE_ENTRIES, [
          ...RATINGS_HOSTS,
          ...(ratingsDomain ? [ratingsDomain.name] : []),
        ]),
      ),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    // https://<id>.execute-api.<region>.amazonaws.com -> host name only.
    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `AnalyticOwl web (${config.stage})`,
      defaultRootObject: 'index.html',
      // The ratings brand's host on the same distribution, when the stage names it with its
      // certificate (us-east-1, as CloudFront requires).
      ...(ratingsDomain?.certificateArn
        ? {
            domainNames: [ratingsDomain.name],
            certificate: acm.Certificate.fromCertificateArn(
              this,
              'RatingsCertificate',
              ratingsDomain.certificateArn,
            ),
          }
        : {}),
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/assets/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
        },
        '/ss_rest/*': {
          origin: new origins.HttpOrigin(apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          // Caching off, so AllViewerExceptHostHeader also forwards Authorization.
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    const dist = props.webDist ?? resolve(PROJECT_ROOT, 'web/dist');
    if (existsSync(resolve(dist, 'index.html'))) {
      // Hashed assets first, kept across deploys (open tabs may still load old chunks).
      const assets = new BucketDeployment(this, 'DeployAssets', {
        sources: [Source.asset(dist)],
        destinationBucket: this.webBucket,
        exclude: ['*'],
        include: ['assets/*'],
        prune: false,
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      });
      const pages = new BucketDeployment(this, 'DeployPages', {
        sources: [Source.asset(dist)],
        destinationBucket: this.webBucket,
        exclude: ['assets/*'],
        cacheControl: [CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ['/*'],
      });
      pages.node.addDependency(assets);
    }

    new CfnOutput(this, 'SiteUrl', {
      value: `https://${this.distribution.distributionDomainName}`,
    });
  }
}
