import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import {
  COMMS_MESSAGES,
  CONTACT_PRESETS,
  type ContactFormInput,
  type ContactForm as ContactFormValues,
  type ContactGroup,
  contactFormSchema,
  DEFAULT_SUBJECT,
  SUBJECT_LABEL,
} from '#shared/contracts/comms.schema';
import { useSession } from '../account/use-account';
import { sendContactForm } from '../api/actions';
import { ApiError } from '../api/client';
import { FieldMessage, FormAlert, SubmitButton, TextField } from '../auth/form-controls';

/** Name of the cookie holding the communication flags (spec §3 "Cookie ss_comms"). */
export const COMMS_COOKIE = 'ss_comms';
/** Lifetime of the ss_comms cookie in days (spec §9 "Cookies: ss_comms 365 days"). */
export const COMMS_COOKIE_DAYS = 365;

/** The ss_comms map: comm name -> epoch seconds (UTC) it was last sent from this browser. */
export function readCommsFlags(): Record<string, number> {
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${COMMS_COOKIE}=`))
    ?.slice(COMMS_COOKIE.length + 1);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'),
    );
  } catch {
    return {};
  }
}

/** Records in ss_comms that `comm` was sent now, for 365 days. No personal data is stored. */
function flagCommSent(comm: string): void {
  const flags = { ...readCommsFlags(), [comm]: Math.floor(Date.now() / 1000) };
  const value = encodeURIComponent(JSON.stringify(flags));
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${COMMS_COOKIE}=${value}; max-age=${COMMS_COOKIE_DAYS * 86400}; path=/; samesite=lax`;
}

/** Props of {@link ContactForm}. */
export interface ContactFormProps {
  /** Preset group: `enterprise` or `free-ads` pick the subject (spec §2). @default none */
  group?: ContactGroup;
  /** Heading above the form (we-are-hiring uses "Can you help us?"). @default none (no title) */
  title?: string;
  /** The subject the form starts with, e.g. on the hiring page. @default the group's, else "Help Me Sign Up" */
  subject?: string;
  /** Names the form for screen readers when it has no `title`. @default the title, else "Contact us" */
  label?: string;
  /** spec §7 comm, e.g. a form id like `creative-help`. @default 'contact-us' */
  comm?: 'contact-us' | 'goals-and-objectives' | 'expected-return-calculator' | 'creative-help';
  /** Extra text the page sends along (e.g. calculator figures). @default '' */
  additionalData?: string;
  /** Shown under the thank-you (next-step links to free tools, spec §4). @default none */
  nextSteps?: ReactNode;
  /** Called once the message is sent, instead of showing the thank-you here. @default none */
  onSent?: () => void;
}

const LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail address',
} as const;

/**
 * The contact form (spec §2 "Contact form", §4 states editing/loading/complete, §5 messages,
 * §8 contact answers). The shared contactFormSchema checks every field in the browser with the
 * server's messages. A signed-in session pre-fills name and e-mail. Success replaces the form
 * with "Thank you! We'll be in touch soon!" and sets the ss_comms flag; a failure shows the
 * server message (or "There was a problem. Please try again later.") and stays editable.
 */
export function ContactForm({
  group,
  title,
  subject,
  label,
  comm = 'contact-us',
  additionalData = '',
  nextSteps,
  onSent,
}: ContactFormProps) {
  const messageId = useId();
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { data: session } = useSession();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      subject: subject ?? (group ? CONTACT_PRESETS[group].subject : DEFAULT_SUBJECT),
      message: '',
      group: group ?? '',
      additional_data: additionalData,
      website: '',
    },
  });

  useEffect(() => {
    if (!session) return;
    const fill = {
      first_name: session.first_name,
      last_name: session.last_name,
      email: session.primary_email,
    };
    for (const [name, value] of Object.entries(fill) as [keyof typeof fill, string][])
      if (value && !getValues(name)) setValue(name, value);
  }, [session, getValues, setValue]);

  const onSubmit = async (values: ContactFormValues) => {
    setServerError(null);
    try {
      const result = await sendContactForm(values, comm);
      flagCommSent(comm);
      if (onSent) return onSent();
      setSent(result.message || COMMS_MESSAGES.contactSent);
    } catch (error) {
      const known = error instanceof ApiError && error.status > 0 && error.status < 500;
      const message = known ? error.message : COMMS_MESSAGES.problem;
      setServerError(message);
      const field = known ? error.field?.replace(/^form\./, '') : undefined;
      if (field && field in LABELS)
        setError(field as keyof typeof LABELS, { type: 'server', message });
    }
  };

  if (sent)
    return (
      <section className="contact-form contact-form--sent" aria-live="polite">
        <FormAlert tone="success" message={sent}>
          {nextSteps}
        </FormAlert>
      </section>
    );

  return (
    <section className="contact-form">
      {title && <h2 className="contact-form__title">{title}</h2>}
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label={title ?? label ?? 'Contact us'}
      >
        <FormAlert message={serverError} />
        <TextField
          label={LABELS.first_name}
          autoComplete="given-name"
          registration={register('first_name')}
          error={errors.first_name}
        />
        <TextField
          label={LABELS.last_name}
          autoComplete="family-name"
          registration={register('last_name')}
          error={errors.last_name}
        />
        <TextField
          label={LABELS.email}
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email}
        />
        <TextField
          label={SUBJECT_LABEL}
          registration={register('subject')}
          error={errors.subject}
        />
        <div className="form-field">
          <label htmlFor={messageId} className="form-field__label">
            Message
          </label>
          <textarea
            id={messageId}
            rows={5}
            className={`input form-field__input${errors.message ? ' input--invalid' : ''}`}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${messageId}-error` : undefined}
            {...register('message')}
          />
          <FieldMessage id={`${messageId}-error`} error={errors.message} />
        </div>
        <Honeypot registration={register('website')} />
        <SubmitButton busy={isSubmitting} busyLabel="Sending…">
          Send
        </SubmitButton>
      </form>
    </section>
  );
}

/**
 * The honeypot `website` field: off-screen, out of the tab order and hidden from assistive
 * technology, so only bots fill it (the server then answers success and drops the message).
 */
export function Honeypot({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', top: 'auto' }}>
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </div>
  );
}
