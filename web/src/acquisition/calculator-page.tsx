import { type ReactNode, useState } from 'react';
import type {
  CalculateInput,
  CalculateResult,
  GoalsResult,
  RoiResult,
} from '#shared/contracts/acquisition.schema';
import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { BudgetForm } from './budget-form';
import styles from './calculator.module.css';
import { money, num } from './format';
import { type GoalFields, GoalsForm } from './goals-form';
import { PlanResult } from './plan-result';
import { type RoiFields, RoiForm } from './roi-form';
import { SavePlan } from './save-plan';
import { calculateGoals, calculatePlan, calculateRoi } from './use-acquisition';

/** Props of {@link CalculatorPage}. */
export interface CalculatorPageProps {
  /** Shown above the steps: the sample banner, or the unlock button. @default none */
  banner?: ReactNode;
  /** The user's clients (app only): own response and save. @default none (site: no save) */
  clients?: readonly { client_uid: string; name: string }[];
  /** The page's heading level 1, when the page has none of its own. @default none */
  title?: string;
  /** The caller has not unlocked daypart ratings (the daypart select shows locked). @default false */
  daypartsLocked?: boolean;
}

/** One numbered step of the calculator. */
function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <section className={`card ${styles.step}`} aria-labelledby={`calc-step-${n}`}>
      <h2 id={`calc-step-${n}`} className={styles.stepTitle}>
        <span className={styles.stepNo} aria-hidden="true">
          {n}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The acquisition calculator, budget → plan → goals → ROI (spec §7 acquisitionowl_*): the plan
 * of a budget over chosen outlets with its budget curve, the cheapest mix for a goal with its
 * explanation, the return of either, and (in the app) the plan saved to a client. Which ratings
 * answer (sample or real) is the server's call, said on every answer.
 */
export function CalculatorPage({
  banner,
  clients,
  title,
  daypartsLocked = false,
}: CalculatorPageProps) {
  const [scope, setScope] = useState<CalculateInput | null>(null);
  const [plan, setPlan] = useState<CalculateResult | null>(null);
  const [goal, setGoal] = useState<{ fields: GoalFields; result: GoalsResult } | null>(null);
  const [basis, setBasis] = useState<'plan' | 'goal'>('plan');
  const [roi, setRoi] = useState<{ fields: RoiFields; result: RoiResult } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const guard = async (work: () => Promise<void>) => {
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const onPlan = (input: CalculateInput) =>
    guard(async () => {
      const result = await calculatePlan(input);
      setScope(input);
      setPlan(result);
      setGoal(null);
      setBasis('plan');
      setRoi(null);
    });
  const onGoal = (fields: GoalFields) =>
    guard(async () => {
      if (!scope) return;
      const { budget_cents: _b, ...rest } = scope;
      const result = await calculateGoals({ ...rest, ...fields });
      setGoal({ fields, result });
      if (result.feasible) setBasis('goal');
    });
  const chosen =
    basis === 'goal' && goal
      ? { budget_cents: goal.result.budget_cents, visits: goal.result.visits }
      : plan
        ? { budget_cents: plan.budget_cents, visits: plan.visits }
        : null;
  const onRoi = (fields: RoiFields) =>
    guard(async () => {
      if (!chosen) return;
      setRoi({ fields, result: await calculateRoi({ ...chosen, ...fields }) });
    });

  return (
    <div className={styles.page}>
      {title && <h1 className={styles.title}>{title}</h1>}
      {plan && (
        <p className={plan.kind === 'sample' ? styles.sample : styles.real} role="note">
          {plan.kind === 'sample'
            ? 'This plan uses sample ratings.'
            : 'This plan uses the published response ratings.'}
        </p>
      )}
      {banner}
      <FormAlert message={problem} />
      <Step n={1} title="Budget">
        <BudgetForm clients={clients} daypartsLocked={daypartsLocked} onSubmit={onPlan} />
      </Step>
      {plan && (
        <Step n={2} title="Plan">
          <PlanResult result={plan} />
        </Step>
      )}
      {plan && (
        <Step n={3} title="Goals">
          <GoalsForm onSubmit={onGoal} result={goal?.result ?? null} />
        </Step>
      )}
      {plan && chosen && (
        <Step n={4} title="Return on investment">
          {goal && (
            <fieldset className={styles.basis}>
              <legend className="form-field__label">Work out the return of</legend>
              <label>
                <input
                  type="radio"
                  name="roi-basis"
                  checked={basis === 'plan'}
                  onChange={() => setBasis('plan')}
                />{' '}
                the budget plan
              </label>
              <label>
                <input
                  type="radio"
                  name="roi-basis"
                  checked={basis === 'goal'}
                  onChange={() => setBasis('goal')}
                />{' '}
                the goal's mix
              </label>
            </fieldset>
          )}
          <RoiForm
            basis={`${basis === 'goal' ? "the goal's mix" : 'the plan'}: ${money(chosen.budget_cents)} for ${num(chosen.visits)} expected visits`}
            onSubmit={onRoi}
            result={roi?.result ?? null}
          />
        </Step>
      )}
      {clients && scope && roi && (
        <Step n={5} title="Save to a client">
          <SavePlan
            clients={clients}
            preferred={scope.client_uid}
            plan={{
              goals_and_objectives: {
                ad_spend_cents: chosen?.budget_cents || scope.budget_cents,
                goal: goal ? goal.fields.goal : null,
                target: goal ? goal.fields.target : null,
                regions: scope.regions,
                outlets: scope.outlets,
                spot_length_s: scope.spot_length_s,
                dayparts: scope.dayparts,
              },
              return_calculator: roi.fields,
            }}
          />
        </Step>
      )}
    </div>
  );
}
