import { describe, expect, test } from 'vitest';
import { makeHandler } from '../../../../lambdas/companies/handlers/company-save.handler';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';
import { clientWorld } from '../client-fakes';

const save = async (body: Record<string, unknown>) => {
  const { deps } = await clientWorld();
  const handler = makeHandler(() => deps);
  const res = await handler(
    httpEvent({ method: 'POST', path: '/ss_rest/company_save', sub: 'alice', body }),
    lambdaContext,
  );
  return { res, deps };
};

describe('company_save route', () => {
  test('creates a client and answers its client_info', async () => {
    const { res } = await save({ name: 'Acme Tires', website: 'acme.example' });

    expect(res.statusCode).toBe(200);
    expect(envelope(res).result).toMatchObject({
      created: true,
      client_info: { name: 'Acme Tires', website: 'acme.example', org_uid: 'org-a' },
    });
  });

  test.each([
    [{ name: '  ' }, 'name', 'Enter the client name.'],
    [{ name: 'Acme', website: 'not a site' }, 'website', 'Enter a website like example.com.'],
    [
      { name: 'Acme', postlog_timezone: 'Mars/Base' },
      'postlog_timezone',
      'Pick a post-log time zone.',
    ],
    [{ name: 'Acme', tags: ['a', 'A'] }, 'tags', 'Each tag only once.'],
    [
      { name: 'Acme', rep_uids: ['bob'] },
      'rep_uids',
      'Each rep must be a member of the client’s organization.',
    ],
  ])('refuses %j on its field %s, creating nothing', async (body, field, message) => {
    const { res, deps } = await save(body);

    expect(res.statusCode).toBe(400);
    expect(envelope(res).message).toBe(message);
    expect(envelope(res).error?.field).toBe(field);
    expect(await deps.companies.listClientsOfOrg('org-a')).toEqual([]);
  });
});
