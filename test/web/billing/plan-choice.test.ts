import { describe, expect, test } from 'vitest';
import {
  type ChoiceAction,
  canContinue,
  choiceReducer,
  chosenProduct,
  EMPTY_CHOICE,
  initialChoice,
  type PlanChoice,
  showSkip,
  subscribePath,
} from '../../../web/src/billing/plan-choice';

const run = (...actions: ChoiceAction[]): PlanChoice => actions.reduce(choiceReducer, EMPTY_CHOICE);

describe('plan choice (spec §4 "Plan choice")', () => {
  test('changing the plan clears the choice', () => {
    const chosen = run(
      { type: 'add', plan: 'individual', product: 'advertiser' },
      { type: 'skip', plan: 'individual', product: 'industry' },
    );

    const changed = choiceReducer(chosen, { type: 'plan', plan: 'team' });

    expect(changed).toEqual({ plan: 'team', products: { advertiser: null, industry: null } });
  });

  test('Add on another plan card switches to that plan with only that product', () => {
    const state = run(
      { type: 'add', plan: 'individual', product: 'advertiser' },
      { type: 'add', plan: 'team', product: 'industry' },
    );

    expect(state).toEqual({ plan: 'team', products: { advertiser: null, industry: 'selected' } });
  });

  test('choosing the same plan again keeps the choice', () => {
    const state = run(
      { type: 'add', plan: 'individual', product: 'industry' },
      { type: 'plan', plan: 'individual' },
    );

    expect(chosenProduct(state)).toBe('industry');
  });

  test.each([
    ['neither', [], true],
    ['selected', [{ type: 'add' }], false],
    ['skipped', [{ type: 'skip' }], false],
    ['removed again', [{ type: 'add' }, { type: 'remove' }], true],
  ] as const)('Skip shows for a product that is %s: %s', (_, clicks, shown) => {
    const state = run(
      { type: 'plan', plan: 'individual' },
      ...clicks.map((c) => ({ ...c, plan: 'individual' as const, product: 'advertiser' as const })),
    );

    expect(showSkip(state, 'individual', 'advertiser')).toBe(shown);
  });

  test('Skip never shows on a plan that is not chosen', () => {
    const state = run({ type: 'plan', plan: 'individual' });

    expect(showSkip(state, 'team', 'industry')).toBe(false);
    expect(showSkip(EMPTY_CHOICE, 'individual', 'industry')).toBe(false);
  });

  test.each([
    [['advertiser'], 'advertiser', '/plans/subscribe?plan=individual&product=advertiser'],
    [['industry'], 'industry', '/plans/subscribe?plan=individual&product=industry'],
    [['advertiser', 'industry'], 'both', '/plans/subscribe?plan=individual&product=both'],
  ] as const)('selecting %j orders %s', (products, product, path) => {
    const state = run(
      ...products.map((p) => ({ type: 'add' as const, plan: 'individual' as const, product: p })),
    );

    expect(chosenProduct(state)).toBe(product);
    expect(subscribePath(state)).toBe(path);
  });

  test('Continue needs a plan and, except for the Starter plan, a product', () => {
    expect(canContinue(EMPTY_CHOICE)).toBe(false);
    expect(canContinue(run({ type: 'plan', plan: 'individual' }))).toBe(false);
    expect(canContinue(run({ type: 'skip', plan: 'individual', product: 'industry' }))).toBe(false);
    expect(subscribePath(run({ type: 'plan', plan: 'paygo' }))).toBe('/plans/subscribe?plan=paygo');
  });

  test.each([
    [null, null, EMPTY_CHOICE],
    [
      null,
      'industry',
      { plan: 'individual', products: { advertiser: null, industry: 'selected' } },
    ],
    ['team', 'both', { plan: 'team', products: { advertiser: 'selected', industry: 'selected' } }],
    ['paygo', 'industry', { plan: 'paygo', products: { advertiser: null, industry: null } }],
    ['gold', 'everything', EMPTY_CHOICE],
  ])('the query plan=%s product=%s starts as %j', (plan, product, expected) => {
    expect(initialChoice(plan, product)).toEqual(expected);
  });
});
