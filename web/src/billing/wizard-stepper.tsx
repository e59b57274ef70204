import { STEP_LABELS, type StepId, type StepState } from './wizard-steps';

/** Props of {@link WizardStepper}. */
export interface WizardStepperProps {
  steps: readonly { id: StepId; state: StepState }[];
  /** Going back to a finished step. */
  onSelect: (step: StepId) => void;
}

/**
 * The visible stepper of /plans/subscribe: an ordered list, the active step marked with
 * aria-current="step"; finished steps are buttons that go back to them (keyboard operable).
 */
export function WizardStepper({ steps, onSelect }: WizardStepperProps) {
  return (
    <nav aria-label="Subscription steps" className="stepper">
      <ol className="stepper__list">
        {steps.map(({ id, state }, index) => {
          const label = (
            <>
              <span className="stepper__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="stepper__label">{STEP_LABELS[id]}</span>
              {state === 'done' && <span className="visually-hidden"> (done)</span>}
            </>
          );
          return (
            <li
              key={id}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {state === 'done' && id !== 'account' ? (
                <button type="button" className="stepper__button" onClick={() => onSelect(id)}>
                  {label}
                </button>
              ) : (
                <span className="stepper__button">{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
