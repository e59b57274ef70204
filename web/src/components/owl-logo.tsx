/** The AnalyticOwl mark: a small owl face. Decorative; the brand name sits next to it. */
export function OwlLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M10 14 L20 22 L14 6 Z M54 14 L44 22 L50 6 Z" fill="#f4a261" />
      <circle cx="32" cy="34" r="26" fill="#f1faee" />
      <circle cx="22" cy="30" r="10" fill="#ffffff" stroke="#1d3557" strokeWidth="3" />
      <circle cx="42" cy="30" r="10" fill="#ffffff" stroke="#1d3557" strokeWidth="3" />
      <circle cx="22" cy="30" r="4.5" fill="#1d3557" />
      <circle cx="42" cy="30" r="4.5" fill="#1d3557" />
      <path d="M28 41 L32 49 L36 41 Z" fill="#f4a261" />
    </svg>
  );
}
