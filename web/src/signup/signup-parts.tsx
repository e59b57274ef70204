import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * Building blocks of the simple signup page: a numbered step section that takes the focus when
 * it appears (so keyboard and screen-reader users follow the reveal), and a group of radio
 * cards for the one-click choices (role, plan type).
 */

/** Props of a step section. */
export interface StepSectionProps {
  /** 1-based position shown before the title. */
  number: number;
  title: string;
  /** A line under the title. @default none */
  intro?: ReactNode;
  /** Move focus to the heading (and scroll to it) when the section appears. @default true */
  focusOnMount?: boolean;
  /** `data-step` value, for styling and tests. */
  step: string;
  children: ReactNode;
}

/** One step of the page: a numbered heading and its content. */
export function StepSection({
  number,
  title,
  intro,
  focusOnMount = true,
  step,
  children,
}: StepSectionProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Runs once per appearance: a step that reappears after a change takes the focus again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount-only by design
  useEffect(() => {
    if (!focusOnMount) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, []);
  return (
    <section className="signup-step" data-step={step} aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={-1} className="signup-step__title">
        <span className="signup-step__number" aria-hidden="true">
          {number}
        </span>
        {title}
      </h2>
      {intro && <p className="signup-step__intro">{intro}</p>}
      {children}
    </section>
  );
}

/** One radio card. */
export interface ChoiceOption<V extends string> {
  value: V;
  label: string;
  help: string;
}

/** Props of a radio-card group. */
export interface ChoiceGroupProps<V extends string> {
  /** The group's accessible name (visually hidden: the step heading says it). */
  legend: string;
  options: readonly ChoiceOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
}

/** Radio cards: arrow keys move between them, a click or Space picks one. */
export function ChoiceGroup<V extends string>({
  legend,
  options,
  value,
  onChange,
}: ChoiceGroupProps<V>) {
  const name = useId();
  return (
    <fieldset className="signup-choices">
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`signup-choice${option.value === value ? ' signup-choice--on' : ''}`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span className="signup-choice__label">{option.label}</span>
            <span className="signup-choice__help">{option.help}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
