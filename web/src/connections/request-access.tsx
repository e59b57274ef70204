import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type ConnectionRequestView,
  type ConnectUrlResult,
  connectUrlSchema,
} from '#shared/contracts/connections.schema';
import { ApiError, errorMessage } from '../api/client';
import { FormAlert, SubmitButton, TextField } from '../auth/form-controls';
import { formatWhen } from './connection-status';
import { CopyField } from './copy-field';

type RequestValues = z.output<typeof connectUrlSchema>;

/** Props of {@link RequestAccess}. */
export interface RequestAccessProps {
  clientUid: string;
  clientName: string;
  /** The link made last (by this form or Reconnect), shown with its Copy button. */
  link: ConnectUrlResult | null;
  /** Open requests of the client. */
  requests: readonly ConnectionRequestView[];
  canEdit: boolean;
  busy: boolean;
  /**
   * Makes the link (connect_url). Rejects with the ApiError: an e-mail error shows on the field,
   * any other above the form.
   */
  onRequest: (email: string) => Promise<void>;
  /** Cancels an open request (garequest_cancel). */
  onCancel: (requestId: string) => void;
}

/** The open requests: who it was sent to, when, until when; Cancel where the user may edit. */
function OpenRequests({
  requests,
  canEdit,
  busy,
  onCancel,
}: Pick<RequestAccessProps, 'requests' | 'canEdit' | 'busy' | 'onCancel'>) {
  const open = requests.filter((r) => r.status === 'open');
  if (open.length === 0) return null;
  return (
    <>
      <h4 className="connections__subtitle">Open requests</h4>
      <ul className="open-requests">
        {open.map((r) => {
          const to = r.email ? `Sent to ${r.email}` : 'Link not mailed';
          return (
            <li key={r.request_id} className="open-requests__item">
              <span>
                {to} · made {formatWhen(r.created_at)} · valid until {formatWhen(r.expires_at)}
              </span>
              {canEdit && (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy}
                  aria-label={`Cancel the request: ${to}`}
                  onClick={() => onCancel(r.request_id)}
                >
                  Cancel
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * "Request access" (spec §7 connect_url, §5 connection_email): makes a single-use connection
 * link for the client, mailed when an e-mail is given, and shows it with a Copy button and its
 * expiry; below, the open requests with Cancel. Read-only users see the open requests only.
 */
export function RequestAccess({
  clientUid,
  clientName,
  link,
  requests,
  canEdit,
  busy,
  onRequest,
  onCancel,
}: RequestAccessProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof connectUrlSchema>, unknown, RequestValues>({
    resolver: zodResolver(connectUrlSchema),
    defaultValues: { cid: clientUid, email: '' },
  });

  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (values: RequestValues) => {
    setProblem(null);
    try {
      await onRequest(values.email);
      reset({ cid: clientUid, email: '' });
    } catch (error) {
      if (error instanceof ApiError && error.field === 'email')
        setError('email', { type: 'server', message: error.message });
      else setProblem(errorMessage(error));
    }
  };

  return (
    <div className="card connections__card">
      <h3 className="card__title">Request access</h3>
      {canEdit ? (
        <>
          <p className="connections__muted">
            Send a link to whoever runs the Google Analytics of {clientName}: they sign in with
            Google and tick the properties to connect. A link works once, for 7 days.
          </p>
          <form
            className="connections__form"
            noValidate
            onSubmit={handleSubmit(onSubmit)}
            aria-label="Request access"
          >
            <FormAlert message={problem} />
            <input type="hidden" {...register('cid')} />
            <TextField
              label="E-mail (optional)"
              type="email"
              autoComplete="off"
              registration={register('email')}
              error={errors.email}
              hint="We mail the link there. Leave it empty to copy the link and send it yourself."
            />
            <SubmitButton busy={isSubmitting} busyLabel="Making the link…">
              Make a connection link
            </SubmitButton>
          </form>
          {link && (
            <div className="connections__link">
              <CopyField
                key={link.connection_url}
                label="Connection link"
                value={link.connection_url}
                focus
              />
              <p className="connections__muted">
                Valid until {formatWhen(link.expires_at)}.{' '}
                {link.mailed_to
                  ? `Mailed to ${link.mailed_to}.`
                  : 'Not mailed: copy it and send it yourself.'}
              </p>
            </div>
          )}
        </>
      ) : (
        <p className="connections__muted">
          You can view this client’s connections; requesting access needs edit permission.
        </p>
      )}
      <OpenRequests requests={requests} canEdit={canEdit} busy={busy} onCancel={onCancel} />
    </div>
  );
}
