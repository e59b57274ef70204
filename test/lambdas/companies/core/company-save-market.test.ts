import { describe, expect, test } from 'vitest';
import { companySave } from '../../../../lambdas/companies/core/company-save';
import { callerOf, clientWorld } from '../client-fakes';

const alice = callerOf('alice');

describe('company_save and the home market', () => {
  test('a new client keeps the market chosen in the landing lookup and shows it', async () => {
    const { deps, companies } = await clientWorld();

    const out = await companySave(deps, alice, {
      name: 'joes-bar.example.com',
      website: 'joes-bar.example.com',
      industry_id: '1003',
      market: '501',
    });

    expect(out.client_info).toMatchObject({ market: '501', industry_id: '1003' });
    expect((await companies.getClient(out.client_info.client_uid))?.market).toBe('501');
  });

  test('a market that is not a DMA is refused on the market field, creating nothing', async () => {
    const { deps, companies } = await clientWorld();
    const before = companies.clients.size;

    const error = await companySave(deps, alice, { name: 'Joe', market: '999' }).catch((e) => e);

    expect(error).toMatchObject({ status: 400, field: 'market' });
    expect(companies.clients.size).toBe(before);
  });
});
