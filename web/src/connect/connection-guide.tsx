import { useEffect, useId, useState } from 'react';
import { CONNECTION_STEPS } from '../site/connection-steps';
import { PageHero, SiteSection } from '../site/site-parts';

/**
 * The all-connect instructions page (spec §2 "Five mount points": "an all-connect instructions
 * page (no router, no store)"; §2 "Connection guide"): what a client's web contact follows to give
 * AnalyticOwl Viewer access to their analytics. The link is what a rep sends
 * (send_connection_instructions): `/all-connect?email=<provisioned address>&video=<walkthrough>`.
 * Connection types: standard (Universal Analytics) property, GA4 property, not sure; GA4
 * options: connect the existing property (limited data) or create a hybrid property that tracks
 * from now on. `#g4notice` opens the GA4 existing-property view.
 */

/** The property kinds of the guide. */
export type PropertyKind = 'ua' | 'ga4' | 'unsure';
/** The GA4 routes of the guide. */
export type Ga4Option = 'existing' | 'hybrid';

const KINDS: { id: PropertyKind; label: string }[] = [
  { id: 'ga4', label: 'Google Analytics 4 (GA4) property' },
  { id: 'ua', label: 'Standard property (Universal Analytics)' },
  { id: 'unsure', label: 'Not sure' },
];

const GA4_OPTIONS: { id: Ga4Option; label: string; text: string }[] = [
  {
    id: 'existing',
    label: 'Connect your existing GA4 property (limited data)',
    text:
      'Quickest: nothing changes on your site. GA4 keeps less detail than minute-by-minute ' +
      'matching likes (visits without a region, sampled reports on busy days), so some weeks may ' +
      'be measured by the hour, with wider ranges around each airing’s result.',
  },
  {
    id: 'hybrid',
    label: 'Create a hybrid property that tracks from now on',
    text:
      'A second property beside yours records every visit with its minute and region from today. ' +
      'Your current property and its reports stay exactly as they are; history before today is ' +
      'not in the new property.',
  },
];

/** Shown after a copy to the clipboard, in a polite live region. */
export const COPIED = {
  video: 'Video URL copied to clipboard',
  email: 'E-mail address copied to clipboard',
};

/** Props of {@link ConnectionGuide}: the page's address parts (no router: read once). */
export interface ConnectionGuideProps {
  /** `location.search`, e.g. `?email=connect%2Bacme@analyticowl.com&video=https://…`. */
  search: string;
  /** `location.hash`; `#g4notice` opens the GA4 existing-property view. */
  hash: string;
  /** Writes text to the clipboard. @default navigator.clipboard.writeText */
  copy?: (text: string) => Promise<void>;
}

/** A video link is shown only for http(s) addresses (never `javascript:` and the like). */
function safeVideo(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The page (see the module comment). */
export function ConnectionGuide({ search, hash, copy }: ConnectionGuideProps) {
  const params = new URLSearchParams(search);
  const email = params.get('email')?.trim() || null;
  const video = safeVideo(params.get('video'));
  const g4notice = hash === '#g4notice';
  const [kind, setKind] = useState<PropertyKind | null>(g4notice ? 'ga4' : null);
  const [option, setOption] = useState<Ga4Option | null>(g4notice ? 'existing' : null);
  const [status, setStatus] = useState('');
  const kindName = useId();
  const optionName = useId();

  useEffect(() => {
    if (g4notice) document.getElementById('g4notice')?.scrollIntoView();
  }, [g4notice]);

  const copyText = async (text: string, done: string) => {
    try {
      await (copy ?? ((t: string) => navigator.clipboard.writeText(t)))(text);
      setStatus(done);
    } catch {
      setStatus('Copying is blocked in this browser: select the text and copy it instead.');
    }
  };

  return (
    <>
      <PageHero title="Connect your website analytics">
        <p>
          AnalyticOwl matches your website visits to your TV, radio and streaming airings, minute by
          minute. It needs Viewer access to your analytics: it can read your visits, and never
          changes your analytics or its settings.
        </p>
      </PageHero>

      <SiteSection title="Which kind of analytics property do you have?">
        <fieldset className="connect-choices">
          <legend className="visually-hidden">Your property</legend>
          {KINDS.map((k) => (
            <label key={k.id} className="connect-choice">
              <input
                type="radio"
                name={kindName}
                value={k.id}
                checked={kind === k.id}
                onChange={() => setKind(k.id)}
              />
              {k.label}
            </label>
          ))}
        </fieldset>
        {kind === 'unsure' && (
          <p className="site-note">
            Open Admin in your analytics site and look at the property’s ID: one that starts with
            “UA-” is a standard (Universal Analytics) property; a number alone is GA4.
          </p>
        )}
        {kind === 'ua' && (
          <p className="site-note">
            Standard properties stopped collecting new visits in July 2023 (July 2024 for 360
            properties). If your site still shows one, it almost certainly has a GA4 property too:
            connect that one, with the steps below.
          </p>
        )}
        {kind === 'ga4' && (
          <fieldset className="connect-choices" id="g4notice">
            <legend>How should we read your GA4 visits?</legend>
            {GA4_OPTIONS.map((o) => (
              <label key={o.id} className="connect-choice connect-choice--wide">
                <input
                  type="radio"
                  name={optionName}
                  value={o.id}
                  checked={option === o.id}
                  onChange={() => setOption(o.id)}
                />
                <span>
                  <strong>{o.label}</strong>
                  <span className="connect-choice__text">{o.text}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </SiteSection>

      <SiteSection title="Give AnalyticOwl Viewer access">
        <ol className="site-steps">
          {CONNECTION_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {email ? (
          <p className="connect-email">
            The e-mail address to add: <strong>{email}</strong>{' '}
            <button
              type="button"
              className="button"
              onClick={() => void copyText(email, COPIED.email)}
            >
              Copy e-mail address
            </button>
          </p>
        ) : (
          <p className="site-note">
            Use the e-mail address in your invitation. No invitation? Ask your AnalyticOwl contact,
            or <a href="/contact-us">contact us</a>.
          </p>
        )}
        {video && (
          <p className="connect-video">
            A short video walks through these steps:{' '}
            <a href={video} rel="noopener noreferrer" target="_blank">
              watch the video
            </a>{' '}
            <button
              type="button"
              className="button"
              onClick={() => void copyText(video, COPIED.video)}
            >
              Copy video URL
            </button>
          </p>
        )}
        <p className="connect-status" role="status" aria-live="polite">
          {status}
        </p>
      </SiteSection>
    </>
  );
}
