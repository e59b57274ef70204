import { describe, expect, test } from 'vitest';
import { type CompanyFilters, DEFAULT_COMPANY_FILTERS } from '#shared/contracts/companies.schema';
import { readCompaniesUrl, writeCompaniesUrl } from '../../../web/src/companies/companies-url';

describe('the task list state in the URL', () => {
  test('a URL without filters leaves them to the saved ones, on page 1', () => {
    expect(readCompaniesUrl(new URLSearchParams(''))).toEqual({ filters: undefined, page: 1 });
  });

  test('every filter, the sort and the page survive a round trip through the URL', () => {
    const filters: CompanyFilters = {
      all: false,
      connected: true,
      connected_invalid: true,
      active: true,
      inactive: true,
      my_companies: true,
      new_companies: true,
      with_locations: true,
      with_cba: true,
      favorites_first: true,
      industries: ['1', '7'],
      organization_ids: ['org-a'],
      share_ids: ['share-1'],
      station_groups: ['grp-1', 'WABC'],
      tags: ['vip'],
      search: 'acme',
      sort_field: 'client_name',
      sort_desc: true,
    };
    const url = writeCompaniesUrl(filters, 3);
    const back = readCompaniesUrl(new URLSearchParams(url.toString()));
    const { all: _all, ...expected } = filters;
    expect(back).toEqual({ filters: expected, page: 3 });
  });

  test('the spec defaults read back as the defaults', () => {
    const back = readCompaniesUrl(writeCompaniesUrl(DEFAULT_COMPANY_FILTERS));
    expect(back.filters).toEqual(DEFAULT_COMPANY_FILTERS);
    expect(back.page).toBe(1);
  });

  test('invalid values read as absent instead of reaching the server', () => {
    const back = readCompaniesUrl(
      new URLSearchParams('f=1&status=bogus&activity=sometimes&sort=password.desc&page=-2&fav=x'),
    );
    expect(back).toEqual({
      filters: { sort_field: 'created_date', sort_desc: false },
      page: 1,
    });
  });
});
