import type { ReactNode } from 'react';

/** Props of the problem alert. */
export interface ProblemAlertProps {
  /** The message (the server's message, or the spec's generic one). */
  message: string;
  /** Extra content under the message (e.g. an errors list). @default none */
  children?: ReactNode;
  /** Shows a Dismiss button when given. @default none */
  onDismiss?: () => void;
}

/** The spec §8 "Problem!" alert, used for failed imports and failed report runs. */
export function ProblemAlert({ message, children, onDismiss }: ProblemAlertProps) {
  return (
    <div className="alert alert--problem" role="alert">
      <div className="alert__body">
        <strong className="alert__title">Problem!</strong>
        <p className="alert__message">{message}</p>
        {children}
      </div>
      {onDismiss && (
        <button type="button" className="button button--ghost" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
