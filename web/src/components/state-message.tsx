import type { ReactNode } from 'react';

/** Props of an empty or error state. */
export interface StateMessageProps {
  title: string;
  children?: ReactNode;
  /** `error` is announced as an alert. @default 'empty' */
  tone?: 'empty' | 'error';
}

/** A friendly block for "nothing here yet" and "something went wrong" states. */
export function StateMessage({ title, children, tone = 'empty' }: StateMessageProps) {
  return (
    <section className={`state state--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <h2 className="state__title">{title}</h2>
      {children && <div className="state__body">{children}</div>}
    </section>
  );
}
