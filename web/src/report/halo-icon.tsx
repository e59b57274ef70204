/** The text announced and shown on hover for the halo icon. */
export const HALO_LABEL = 'Halo daypart: response shows up after the window';

/**
 * The halo marker on daypart rows flagged `halo` (spec §2 "A halo icon marks dayparts flagged
 * halo"; method note §5.3 "Halo daypart"): a ring with rays.
 */
export function HaloIcon() {
  return (
    <svg
      className="halo-icon"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      role="img"
      aria-label={HALO_LABEL}
    >
      <title>{HALO_LABEL}</title>
      <circle cx="8" cy="8" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M8 0.8v2.2M8 13v2.2M0.8 8h2.2M13 8h2.2M2.9 2.9l1.5 1.5M11.6 11.6l1.5 1.5M2.9 13.1l1.5-1.5M11.6 4.4l1.5-1.5"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
