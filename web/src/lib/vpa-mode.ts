import { VPA_MODES as MODE_LABELS, type VpaMode } from '#shared/contracts/report-session.schema';
import type { SortKey } from './sort';

/**
 * VPA display modes of the broadcast tables (spec §3 Settings "vpa (modes vpa, contribution,
 * share_vpa, both_vpa, both, auto)"). A mode decides which of the
 * response columns a table shows and which one it sorts by when it opens:
 *
 * | mode           | columns                                   | opens sorted by            |
 * |----------------|-------------------------------------------|----------------------------|
 * | `vpa`          | VPA                                       | VPA desc                   |
 * | `contribution` | Traffic Contribution                      | Traffic Contribution desc  |
 * | `share_vpa`    | Share of VPA (VPA without volume shares)  | Share of VPA desc          |
 * | `both_vpa`     | VPA, Share of VPA (when shares exist)     | VPA desc                   |
 * | `both`         | VPA, Traffic Contribution                 | VPA desc                   |
 * | `auto`         | VPA, Traffic Contribution, and Share of   | VPA desc                   |
 * |                | VPA when the table has volume shares      |                            |
 *
 * "auto" is the default: it shows every response column the data can fill (the spec's full
 * column list), so nothing is hidden until a user picks a narrower mode. Share of Ads and Share
 * of Visits follow the spec's own rule (shown when volume_share > 0) in every mode.
 */
export const VPA_MODES = Object.keys(MODE_LABELS) as readonly VpaMode[];
export type { VpaMode };

/** The default mode. */
export const DEFAULT_VPA_MODE: VpaMode = 'auto';

/** Labels for the mode picker (the settings contract's). */
export const VPA_MODE_LABELS: Record<VpaMode, string> = MODE_LABELS;

/** The response columns a mode shows. */
export interface ModeColumns {
  vpa: boolean;
  contribution: boolean;
  shareVpa: boolean;
}

/**
 * Which response columns a table shows in `mode`; `withShares` = some row has volume_share > 0
 * (spec §2). Share of VPA needs shares; `share_vpa` without them falls back to VPA, so a table
 * never loses its response column.
 */
export function modeColumns(mode: VpaMode, withShares: boolean): ModeColumns {
  switch (mode) {
    case 'vpa':
      return { vpa: true, contribution: false, shareVpa: false };
    case 'contribution':
      return { vpa: false, contribution: true, shareVpa: false };
    case 'share_vpa':
      return { vpa: !withShares, contribution: false, shareVpa: withShares };
    case 'both_vpa':
      return { vpa: true, contribution: false, shareVpa: withShares };
    case 'both':
      return { vpa: true, contribution: true, shareVpa: false };
    case 'auto':
      return { vpa: true, contribution: true, shareVpa: withShares };
  }
}

/** The column a table in `mode` opens sorted by (descending). */
export function modeSortKey(mode: VpaMode): SortKey {
  if (mode === 'contribution') return 'contribution';
  if (mode === 'share_vpa') return 'visitsper_share';
  return 'visitsper';
}

/** Reads a mode from text (URL, settings); anything else is undefined. */
export function parseVpaMode(value: string | null | undefined): VpaMode | undefined {
  return VPA_MODES.find((m) => m === value);
}
