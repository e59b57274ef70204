/**
 * A small padlock drawn inline (decorative: aria-hidden), for controls the account cannot use
 * yet. Drawn rather than an emoji, which shows as an empty box where no emoji font is installed.
 * It takes the text colour and sits on the text's baseline.
 */
export function LockIcon() {
  return (
    <svg
      className="lock-icon"
      width="12"
      height="14"
      viewBox="0 0 12 14"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M3.2 6V4.2a2.8 2.8 0 0 1 5.6 0V6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <rect x="1" y="6" width="10" height="7.2" rx="1.4" fill="currentColor" />
    </svg>
  );
}
