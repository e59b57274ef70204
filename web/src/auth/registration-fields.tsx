import { FormAlert, SubmitButton } from './form-controls';
import { NewPasswordFields } from './new-password-fields';
import type { RegistrationForm } from './register-role-fields';
import { PersonFields, TermsCheckbox, WorkFields } from './registration-parts';

/** Props of {@link RegistrationFields}. */
export interface RegistrationFieldsProps {
  /** The form of `useRegistrationForm`. */
  form: RegistrationForm;
  /** The server's refusal, shown in the alert above the fields (none: no alert). */
  serverError: string | null;
  /** The id of the terms box's error line (unique on the page). */
  termsErrorId: string;
  /**
   * true: the fields in titled sections ("About you", "Your work", "Password"), as on /register
   * and the landing preview; false: one run of fields, as in the subscribe wizard.
   */
  sections: boolean;
}

/**
 * The registration form's body from the alert to the "Create account" button (spec §3
 * "Registration", §5 messages): person, work, password, terms. /register, the landing preview's
 * sign-up and the subscribe wizard's account step draw it, so the three cannot drift apart.
 */
export function RegistrationFields({
  form,
  serverError,
  termsErrorId,
  sections,
}: RegistrationFieldsProps) {
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const person = <PersonFields form={form} />;
  const work = <WorkFields form={form} />;
  const password = (
    <NewPasswordFields
      label="Password"
      grid
      password={register('new_password')}
      confirm={register('confirm_password')}
      errors={{ password: errors.new_password, confirm: errors.confirm_password }}
    />
  );
  return (
    <>
      <FormAlert message={serverError} />
      {sections ? (
        <>
          <fieldset className="form-section">
            <legend className="form-section__title">About you</legend>
            {person}
          </fieldset>
          <fieldset className="form-section">
            <legend className="form-section__title">Your work</legend>
            {work}
          </fieldset>
          <fieldset className="form-section">
            <legend className="form-section__title">Password</legend>
            {password}
          </fieldset>
        </>
      ) : (
        <>
          {person}
          {work}
          {password}
        </>
      )}
      <TermsCheckbox
        id={termsErrorId}
        registration={register('accept_terms')}
        error={errors.accept_terms}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Creating your account…">
        Create account
      </SubmitButton>
    </>
  );
}
