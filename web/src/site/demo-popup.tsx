import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { ModalDialog } from '../components/modal-dialog';

/** Props of {@link ScheduleDemoButton}. */
export interface ScheduleDemoButtonProps {
  /** The button text. @default 'Schedule Demo' */
  label?: string;
  /** What the demo covers, shown above the links. @default the broadcast demo agenda */
  agenda?: ReactNode;
  /** A scheduling widget to mount in the popup, when one is configured. @default none */
  scheduler?: ReactNode;
}

const DEFAULT_AGENDA = (
  <ul className="site-list">
    <li>Your own airings matched to your website visits, minute by minute.</li>
    <li>Visits per Airing and cost per visit by daypart, station, program and creative.</li>
    <li>How your category's benchmarks compare with your results.</li>
  </ul>
);

/**
 * The Schedule Demo button and its popup (spec §2 home "Schedule Demo button opening a scheduling
 * popup", /ctv "demo-scheduling popup"). The popup lists the demo's agenda and offers the
 * scheduling page and the contact form; a `scheduler` slot can hold a calendar widget.
 */
export function ScheduleDemoButton({
  label = 'Schedule Demo',
  agenda = DEFAULT_AGENDA,
  scheduler,
}: ScheduleDemoButtonProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className="site-button" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <ModalDialog
          title="Schedule your demo"
          onClose={close}
          closeOnBackdrop
          footer={
            <button type="button" className="button" onClick={close}>
              Close
            </button>
          }
        >
          <p>A 30-minute walk-through with a media analyst, on your data where we can get it.</p>
          {agenda}
          {scheduler}
          <div className="site-actions">
            <Link className="site-button" to="/schedule-your-demo" onClick={close}>
              Pick a time
            </Link>
            <Link className="site-button site-button--ghost" to="/contact-us" onClick={close}>
              Send us a note
            </Link>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
