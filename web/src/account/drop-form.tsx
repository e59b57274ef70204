import { useId, useState } from 'react';
import {
  type CreateDropResult,
  createDropSchema,
  type DropMode,
} from '#shared/contracts/drops.schema';
import { ApiError, errorMessage } from '../api/client';
import { createDrop } from '../api/use-drops';
import { FormAlert, SubmitButton } from '../auth/form-controls';
import css from './drops-section.module.css';

/** The form's scope value of an organisation drop (a client's is its uid). */
const WHOLE_ORG = '';

/** Props of {@link DropForm}. */
export interface DropFormProps {
  organizationUid: string;
  organizationName: string;
  mode: Exclude<DropMode, 'off'>;
  clients: { client_uid: string; name: string }[];
  onCreated: (result: CreateDropResult) => void;
}

type Errors = Partial<Record<'scope' | 'label' | 'ssh_public_key', string>>;

/**
 * Makes a post-log drop (create_drop; createDropSchema, checked here and again on the server):
 * for one client or the whole organisation, a name for the uploader and, over SFTP, the
 * uploader's SSH public key. Each problem shows under its field.
 */
export function DropForm({
  organizationUid,
  organizationName,
  mode,
  clients,
  onCreated,
}: DropFormProps) {
  const id = useId();
  const [scope, setScope] = useState(WHOLE_ORG);
  const [label, setLabel] = useState('');
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setProblem(null);
    const input = {
      ...(scope === WHOLE_ORG ? { organization_uid: organizationUid } : { client_uid: scope }),
      label,
      ...(mode === 'sftp' && key.trim() ? { ssh_public_key: key } : {}),
    };
    const parsed = createDropSchema.safeParse(input);
    const found: Errors = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0] === 'client_uid' ? 'scope' : (issue.path[0] as keyof Errors);
      found[field] ??= issue.message;
    }
    if (mode === 'sftp' && !key.trim())
      found.ssh_public_key = 'Paste the SSH public key of the system that will upload.';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onCreated(await createDrop(parsed.data));
      setLabel('');
      setKey('');
    } catch (error) {
      if (error instanceof ApiError && error.field === 'ssh_public_key')
        setErrors({ ssh_public_key: error.message });
      else setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const described = (field: keyof Errors, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') ||
    undefined;

  return (
    <form
      className={css.form}
      noValidate
      aria-label={`New post-log drop for ${organizationName}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormAlert message={problem} />
      <div className="form-grid">
        <div className="form-field">
          <label htmlFor={`${id}-scope`} className="form-field__label">
            Post-logs for
          </label>
          <select
            id={`${id}-scope`}
            className="select form-field__input"
            value={scope}
            aria-invalid={errors.scope ? true : undefined}
            aria-describedby={described('scope')}
            onChange={(e) => setScope(e.target.value)}
          >
            <option value={WHOLE_ORG}>
              Whole organization (advertiser column names the client)
            </option>
            {clients.map((c) => (
              <option key={c.client_uid} value={c.client_uid}>
                {c.name} only
              </option>
            ))}
          </select>
          {errors.scope && (
            <p id={`${id}-scope-error`} className="form-field__error">
              {errors.scope}
            </p>
          )}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-label`} className="form-field__label">
            Uploader
          </label>
          <input
            id={`${id}-label`}
            className={`input form-field__input${errors.label ? ' input--invalid' : ''}`}
            value={label}
            maxLength={80}
            placeholder="e.g. WXYZ traffic system"
            aria-invalid={errors.label ? true : undefined}
            aria-describedby={described('label')}
            onChange={(e) => setLabel(e.target.value)}
          />
          {errors.label && (
            <p id={`${id}-label-error`} className="form-field__error">
              {errors.label}
            </p>
          )}
        </div>
      </div>
      {mode === 'sftp' && (
        <div className="form-field">
          <label htmlFor={`${id}-key`} className="form-field__label">
            SSH public key of the uploading system
          </label>
          <textarea
            id={`${id}-key`}
            className={`input form-field__input ${css.key}${errors.ssh_public_key ? ' input--invalid' : ''}`}
            value={key}
            rows={3}
            spellCheck={false}
            placeholder="ssh-ed25519 AAAA… uploader@station"
            aria-invalid={errors.ssh_public_key ? true : undefined}
            aria-describedby={described('ssh_public_key', `${id}-key-hint`)}
            onChange={(e) => setKey(e.target.value)}
          />
          <p id={`${id}-key-hint`} className="form-field__hint">
            The one-line public key (the .pub file). Never paste a private key.
          </p>
          {errors.ssh_public_key && (
            <p id={`${id}-ssh_public_key-error`} className="form-field__error">
              {errors.ssh_public_key}
            </p>
          )}
        </div>
      )}
      <SubmitButton busy={busy} busyLabel="Creating…">
        Create drop
      </SubmitButton>
    </form>
  );
}
