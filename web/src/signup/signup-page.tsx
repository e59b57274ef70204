import { useReducer } from 'react';
import { Link } from 'react-router-dom';
import type { PlanType, SignupRole } from '#shared/contracts/signup.schema';
import { EmailStep } from './email-step';
import { FREE_REPORTS_TEXT } from './plan-offers';
import { PlanPicker } from './plan-picker';
import { ProfileStep } from './profile-step';
import { ChoiceGroup, type ChoiceOption, StepSection } from './signup-parts';
import { handoffPath, INITIAL_SIGNUP, signupReducer, visibleSteps } from './signup-state';
import './signup.css';

/** The role cards (spec §3 role; §6 "simple signup adds station_owner"). */
export const ROLE_OPTIONS: readonly ChoiceOption<SignupRole>[] = [
  { value: 'self', label: 'Advertiser', help: 'I advertise my own business.' },
  { value: 'agency', label: 'Agency', help: 'I buy airtime for my clients.' },
  { value: 'rep', label: 'Media rep', help: 'I sell airtime for stations.' },
  { value: 'station_owner', label: 'Station owner', help: 'I own or run a TV or radio station.' },
];

/** The plan-type cards (spec §3 plan_type: ii, ai, both). */
export const PLAN_TYPE_OPTIONS: readonly ChoiceOption<PlanType>[] = [
  {
    value: 'ii',
    label: 'Industry Insights',
    help: 'Benchmarks across about 250 categories: what airs and what gets a response.',
  },
  {
    value: 'ai',
    label: 'Advertiser Insights',
    help: 'Your own airings matched to the visits they brought to your website.',
  },
  { value: 'both', label: 'Both', help: 'Industry benchmarks and your own ad response together.' },
];

/**
 * /get-started: the simple signup (spec §3 "Simple signup", §4 "Simple signup steps"),
 * inside the public site layout (web/src/entries/home.tsx; title from the site route meta). Steps appear one after another: role -> plan type -> plan -> e-mail and code -> profile.
 * Creating the account signs the person in and hands over to the subscribe wizard
 * (`/plans/subscribe?plan=&product=`), where company, billing and confirmation live.
 */
export function SignupPage() {
  const [state, dispatch] = useReducer(signupReducer, INITIAL_SIGNUP);
  const steps = visibleSteps(state);
  const next = handoffPath(state) ?? '/plans/subscribe';
  const loginHref = `/login?email=${encodeURIComponent(state.email_address)}&next=${encodeURIComponent(next)}`;
  const shows = (step: (typeof steps)[number]) => steps.includes(step);

  return (
    <div className="signup-page">
      <section className="auth-card" aria-labelledby="signup-title">
        <h1 id="signup-title" className="auth-card__title">
          Get started
        </h1>
        <p className="auth-card__intro">
          A few quick questions and you're in. You'll always have {FREE_REPORTS_TEXT}.
        </p>
        <div className="signup">
          <StepSection
            step="role"
            number={1}
            title="Which describes you best?"
            focusOnMount={false}
          >
            <ChoiceGroup
              legend="Which describes you best?"
              options={ROLE_OPTIONS}
              value={state.role}
              onChange={(role) => dispatch({ type: 'role', role })}
            />
          </StepSection>
          {shows('plan_type') && (
            <StepSection step="plan_type" number={2} title="What would you like to see?">
              <ChoiceGroup
                legend="What would you like to see?"
                options={PLAN_TYPE_OPTIONS}
                value={state.plan_type}
                onChange={(plan_type) => dispatch({ type: 'plan_type', plan_type })}
              />
            </StepSection>
          )}
          {shows('plan_picker') && state.plan_type && (
            <StepSection step="plan_picker" number={3} title="Pick a plan">
              <PlanPicker
                planType={state.plan_type}
                selection={state.selection}
                onSelect={(selection) => dispatch({ type: 'selection', selection })}
                onChooseAnother={() => dispatch({ type: 'choose_another_plan' })}
              />
            </StepSection>
          )}
          {shows('add_email') && (
            <StepSection
              step="add_email"
              number={4}
              title="Your e-mail"
              intro="We'll send you a code to confirm it's yours."
            >
              <EmailStep state={state} dispatch={dispatch} loginHref={loginHref} />
            </StepSection>
          )}
          {shows('profile') && state.role && state.proof_token && (
            <StepSection step="profile" number={5} title="About you">
              <ProfileStep
                email={state.email_address}
                role={state.role}
                proofToken={state.proof_token}
                next={next}
                dispatch={dispatch}
              />
            </StepSection>
          )}
        </div>
        <p className="auth-card__footer">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </section>
    </div>
  );
}
