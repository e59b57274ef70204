import { describe, expect, test } from 'vitest';
import { blankCreative, type CreativeRecord } from '#shared/creatives/creatives';
import { NotFound } from '#shared/errors';
import { CallerFacts } from '../../../../lambdas/reports/core/caller-facts';
import { fetchDrilldowns } from '../../../../lambdas/reports/core/drilldowns';
import { getReport } from '../../../../lambdas/reports/core/get-report';
import { alice, bob } from '../fakes';
import { drillInput, input, TTL_MS, vera, world } from '../support/caller-world';

describe('a client’s creatives are kept by the token on its client record', () => {
  /**
   * The world with client-a carrying a creatives token and a creatives store that counts its
   * reads; `write` stores a creative as DynamoCreatives.put does: the record and a fresh token
   * on the client, together.
   */
  async function versioned() {
    const w = await world();
    const stored: CreativeRecord[] = [];
    let reads = 0;
    let consistent = 0;
    const creatives = {
      list: async (uid: string, options?: { consistent?: boolean }) => {
        reads++;
        if (options?.consistent) consistent++;
        return stored.filter((c) => c.client_uid === uid);
      },
    };
    let tokens = 0;
    const retoken = () => {
      const record = w.companies.clients.get('client-a');
      if (record)
        w.companies.clients.set('client-a', { ...record, creatives_version: `t${++tokens}` });
    };
    retoken();
    const write = (record: CreativeRecord) => {
      stored.push(record);
      retoken();
    };
    const facts = new CallerFacts(
      { companies: w.deps.companies, plans: w.deps.plans, creatives },
      { ttlMs: TTL_MS, now: () => w.clock.ms },
    );
    const deps = { ...w.deps, creatives, facts };
    return { ...w, deps, write, reads: () => ({ reads, consistent }) };
  }

  const named = (name: string): CreativeRecord => ({
    ...blankCreative('client-a', 'SPOT-A', new Date('2024-04-01T00:00:00.000Z')),
    name,
  });
  const creativeLabels = (view: { tables: { creative?: { label: string }[] } }) =>
    (view.tables.creative ?? []).map((r) => r.label);

  test('a second get_report of a client whose creatives did not change reads no creatives', async () => {
    const { deps, reads } = await versioned();
    await getReport(deps, alice, input);
    await getReport(deps, vera, input);
    await getReport(deps, alice, input);

    expect(reads()).toEqual({ reads: 1, consistent: 1 });
  });

  test('a creative written shows its name on the very next get_report', async () => {
    const { deps, write, reads } = await versioned();
    expect(creativeLabels(await getReport(deps, alice, input))).toContain('SPOT-A');

    write(named('Spring sale :30'));
    const renamed = await getReport(deps, alice, input);

    expect(creativeLabels(renamed)).toContain('Spring sale :30');
    expect(creativeLabels(renamed)).not.toContain('SPOT-A');
    write(named('Summer sale :15'));
    expect(creativeLabels(await getReport(deps, vera, input))).toContain('Summer sale :15');
    expect(reads().reads).toBe(3);
  });

  test('a client record without a token has its creatives read on every request', async () => {
    const { companies, deps, reads } = await versioned();
    const record = companies.clients.get('client-a');
    if (record) companies.clients.set('client-a', { ...record, creatives_version: undefined });

    await getReport(deps, alice, input);
    await getReport(deps, alice, input);

    expect(reads()).toEqual({ reads: 2, consistent: 0 });
  });

  test('kept creatives give a stranger nothing: bob is still refused, and reads none', async () => {
    const { deps, reads } = await versioned();
    await getReport(deps, alice, input);

    await expect(getReport(deps, bob, input)).rejects.toBeInstanceOf(NotFound);
    await expect(fetchDrilldowns(deps, bob, drillInput)).rejects.toBeInstanceOf(NotFound);
    expect(reads().reads).toBe(1);
  });

  test('a failed read of the creatives is not kept: the next request reads again', async () => {
    const { deps } = await versioned();
    let fail = true;
    const flaky = {
      list: async () => {
        if (fail) throw new Error('table down');
        return [named('Spring sale :30')];
      },
    };
    const facts = new CallerFacts(
      { companies: deps.companies, plans: deps.plans, creatives: flaky },
      { now: () => 0 },
    );
    const flakyDeps = { ...deps, creatives: flaky, facts };
    await expect(getReport(flakyDeps, alice, input)).rejects.toThrow('table down');

    fail = false;

    expect(creativeLabels(await getReport(flakyDeps, alice, input))).toContain('Spring sale :30');
  });
});
