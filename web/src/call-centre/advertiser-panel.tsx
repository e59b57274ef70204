import type { ReactNode } from 'react';
import type { CallRecord } from '#shared/contracts/call-record';
import { AdvertiserInfoForm } from './advertiser-info-form';
import { AgencyInfoForm } from './agency-info-form';
import { SignupForm } from './signup-form';
import { WebsiteInfoForm } from './website-info-form';

/** One accordion section: a native disclosure, keyboard and screen-reader friendly for free. */
function Section({
  title,
  open,
  children,
}: {
  title: string;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <details className="cc-section" open={open}>
      <summary className="cc-section__summary">
        <h3 className="cc-section__title">{title}</h3>
      </summary>
      <div className="cc-section__body">{children}</div>
    </details>
  );
}

/** Props of {@link AdvertiserPanel}. */
export interface AdvertiserPanelProps {
  record: CallRecord;
  onSignedUp: () => void;
}

/**
 * The advertiser panel (spec §2): accordion sections Advertiser Info, Sign-up, Website Info and
 * Agency Info. The Sign-up section is hidden for a subscriber (spec §4).
 */
export function AdvertiserPanel({ record, onSignedUp }: AdvertiserPanelProps) {
  const subscriber = record.status_code === 'signup';
  return (
    <div className="cc-accordion">
      <Section title="Advertiser Info" open>
        <AdvertiserInfoForm info={record.advertiser_info} />
      </Section>
      {!subscriber && (
        <Section title="Sign-up">
          <SignupForm info={record.signup_info} onSignedUp={onSignedUp} />
        </Section>
      )}
      <Section title="Website Info">
        <WebsiteInfoForm info={record.website_info} />
      </Section>
      <Section title="Agency Info">
        <AgencyInfoForm info={record.agency_info} />
      </Section>
    </div>
  );
}
