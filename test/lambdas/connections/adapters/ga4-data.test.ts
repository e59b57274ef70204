import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyticsdata } from '@googleapis/analyticsdata';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Ga4DataApi, Ga4Failure } from '../../../../lambdas/connections/adapters/ga4-data';
import { AccessRevoked, QuotaExhausted } from '../../../../lambdas/connections/core/pull/errors';
import { connection } from '../pull-fakes';

/** What the test server answers next, and what it received. */
let answer: (req: IncomingMessage, body: string, res: ServerResponse) => void;
const received: { url: string; body: unknown; auth: string | undefined }[] = [];
let server: Server;
let root = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({
        url: req.url ?? '',
        body: JSON.parse(body || '{}'),
        auth: req.headers.authorization,
      });
      answer(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const json = (res: ServerResponse, status: number, data: unknown, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(data));
};

const api = () =>
  new Ga4DataApi(async () =>
    analyticsdata({ version: 'v1beta', rootUrl: root, headers: { authorization: 'Bearer at-1' } }),
  );
const request = {
  propertyId: '1001',
  date: '2016-06-01',
  resolution: 'minute' as const,
  offset: 100,
  limit: 50,
};

describe('the GA4 Data API adapter (official client)', () => {
  test('asks for one report day by dateHourMinute and place, paged, with the quota; reads rows, quota and metadata', async () => {
    answer = (_req, _body, res) =>
      json(res, 200, {
        rows: [
          {
            dimensionValues: [
              { value: '201606011200' },
              { value: 'Chicago' },
              { value: 'Illinois' },
              { value: 'United States' },
            ],
            metricValues: [
              { value: '5' },
              { value: '2' },
              { value: '11' },
              { value: '3' },
              { value: '120.5' },
            ],
          },
        ],
        rowCount: 151,
        propertyQuota: {
          tokensPerDay: { consumed: 12, remaining: 199_000 },
          tokensPerHour: { consumed: 12, remaining: 39_900 },
        },
        metadata: { subjectToThresholding: true, timeZone: 'America/Chicago' },
      });

    const page = await api().runReport(connection(), request);

    expect(received.at(-1)).toMatchObject({
      url: '/v1beta/properties/1001:runReport',
      auth: 'Bearer at-1',
      body: {
        dateRanges: [{ startDate: '2016-06-01', endDate: '2016-06-01' }],
        dimensions: [
          { name: 'dateHourMinute' },
          { name: 'city' },
          { name: 'region' },
          { name: 'country' },
        ],
        metrics: [
          { name: 'sessions' },
          { name: 'newUsers' },
          { name: 'screenPageViews' },
          { name: 'engagedSessions' },
          { name: 'userEngagementDuration' },
        ],
        limit: '50',
        offset: '100',
        returnPropertyQuota: true,
      },
    });
    expect(page).toEqual({
      rows: [
        {
          time: '201606011200',
          city: 'Chicago',
          region: 'Illinois',
          country: 'United States',
          sessions: 5,
          newUsers: 2,
          pageviews: 11,
          engagedSessions: 3,
          engagementS: 120.5,
        },
      ],
      rowCount: 151,
      quota: {
        tokensPerDay: { consumed: 12, remaining: 199_000 },
        tokensPerHour: { consumed: 12, remaining: 39_900 },
      },
      withheld: { thresholded: true, otherRow: false, sampled: false },
      timeZone: 'America/Chicago',
    });
  });

  test('an hourly property is asked by dateHour', async () => {
    answer = (_req, _body, res) => json(res, 200, {});

    const page = await api().runReport(connection(), { ...request, resolution: 'hour' });

    const body = received.at(-1)?.body as { dimensions: { name: string }[] };
    expect(body.dimensions[0]).toEqual({ name: 'dateHour' });
    expect(page.rows).toEqual([]);
    expect(page.rowCount).toBe(0);
  });

  test('429 RESOURCE_EXHAUSTED is a quota error with Google’s Retry-After', async () => {
    answer = (_req, _body, res) =>
      json(
        res,
        429,
        {
          error: { code: 429, message: 'Exhausted property tokens', status: 'RESOURCE_EXHAUSTED' },
        },
        { 'retry-after': '30' },
      );

    const error = await api()
      .runReport(connection(), request)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(QuotaExhausted);
    expect((error as QuotaExhausted).retryAfterS).toBe(30);
  });

  test('403 PERMISSION_DENIED and 401 mean the access is gone, with nothing of Google’s answer kept', async () => {
    answer = (_req, _body, res) =>
      json(res, 403, {
        error: { code: 403, message: 'secret-ish detail', status: 'PERMISSION_DENIED' },
      });
    const denied = await api()
      .runReport(connection(), request)
      .catch((e: unknown) => e);
    answer = (_req, _body, res) =>
      json(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
    const unauthenticated = await api()
      .runReport(connection(), request)
      .catch((e: unknown) => e);

    expect(denied).toBeInstanceOf(AccessRevoked);
    expect(String((denied as Error).message)).not.toContain('secret-ish');
    expect(unauthenticated).toBeInstanceOf(AccessRevoked);
  });

  test('a refresh token Google no longer honours (invalid_grant) is lost access too', async () => {
    const revoked = new Ga4DataApi(async () => {
      throw Object.assign(new Error('invalid_grant'), {
        response: { status: 400, data: { error: 'invalid_grant' } },
      });
    });

    const error = await revoked.runReport(connection(), request).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AccessRevoked);
  });
});

test('any other failure names the HTTP status and Google’s reason, never the request’s token', async () => {
  answer = (_req, _body, res) =>
    json(res, 503, { error: { code: 503, message: 'backend', status: 'UNAVAILABLE' } });

  const error = await api()
    .runReport(connection(), request)
    .catch((e: unknown) => e);

  expect(error).toBeInstanceOf(Ga4Failure);
  expect((error as Error).message).toBe('GA4 runReport failed: HTTP 503 UNAVAILABLE');
  expect(JSON.stringify(error)).not.toContain('at-1');
  expect(Object.keys(error as object).sort()).toEqual(['name', 'reason', 'status']);
});
