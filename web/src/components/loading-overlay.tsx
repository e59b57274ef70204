import { loadingPhrase } from '../lib/progress';

/** Props of the loading overlay. */
export interface LoadingOverlayProps {
  /** 0-100; omitted = indeterminate (no percentage, no phrase). @default undefined */
  progress?: number;
  /** Overrides the phrase chosen by progress threshold. @default by threshold */
  phrase?: string;
}

/**
 * "Loading" with an optional percentage and a phrase by progress threshold (spec §2 "Loading
 * overlay"). Covers its positioned parent; announced politely to screen readers.
 */
export function LoadingOverlay({ progress, phrase }: LoadingOverlayProps) {
  const shown = phrase ?? loadingPhrase(progress);
  const determinate = progress !== undefined;
  return (
    <div className="loading-overlay">
      <div className="loading-overlay__box" role="status" aria-live="polite">
        <p className="loading-overlay__title">
          Loading{determinate ? ` ${Math.round(progress)}%` : '…'}
        </p>
        {shown && <p className="loading-overlay__phrase">{shown}</p>}
        <div
          className={`progress${determinate ? '' : ' progress--indeterminate'}`}
          role="progressbar"
          aria-label="Loading progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={determinate ? Math.round(progress) : undefined}
        >
          <div
            className="progress__bar"
            style={determinate ? { width: `${progress}%` } : undefined}
          />
        </div>
      </div>
    </div>
  );
}
