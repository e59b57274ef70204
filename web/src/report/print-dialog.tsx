import { useId, useState } from 'react';
import {
  PRINT_PANELS,
  type PrintCustomizeInput,
  type PrintOptions,
  type PrintPanel,
  type PrintReportResult,
} from '#shared/contracts/print.schema';
import { formatDateRange } from '#shared/format';
import { errorMessage } from '../api/client';
import { usePrint } from '../api/use-print';
import { FormAlert } from '../auth/form-controls';
import { useScopedCampaign } from '../campaigns/campaign-bar';
import { ModalDialog } from '../components/modal-dialog';

/** Opens a printout link: `download` saves it, otherwise it opens in a new tab. */
export type OpenPdf = (url: string, download: boolean) => void;

/**
 * The browser's default: a download link answers `Content-Disposition: attachment`, so going to
 * it saves the file and the page stays; a view link opens in a new tab.
 */
export const openPdf: OpenPdf = (url, download) => {
  if (download) window.location.assign(url);
  else window.open(url, '_blank', 'noopener');
};

/** The options a dialog starts with (spec §2 print modes). */
export const DEFAULT_PRINT_OPTIONS: PrintOptions = {
  panel: 'full',
  landscape: false,
  include_header: true,
  include_footer: true,
};

/** Props of {@link PrintDialog}. */
export interface PrintDialogProps {
  clientUid: string;
  /** @default the client's latest report */
  reportId?: string;
  /**
   * The campaign the report on screen is scoped to (`?campaign=`): the PDF holds its airings
   * only, with its flight and pacing. @default the whole report
   */
  campaignUid?: string;
  /** Cover, executive summary, station, rep, hidden sections and columns. @default none */
  customize?: PrintCustomizeInput;
  /** @default DEFAULT_PRINT_OPTIONS */
  initialOptions?: Partial<PrintOptions>;
  onClose: () => void;
  /** Called with each finished printout (e.g. to remember the options). @default none */
  onPrinted?: (result: PrintReportResult, options: PrintOptions) => void;
  /** How the link is opened. @default openPdf */
  open?: OpenPdf;
}

function sizeText(bytes: number): string {
  return bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/**
 * The Print dialog (spec §2 print modes: panel, landscape,
 * include_header, include_footer, download; spec §7 print_report): pick what prints and how,
 * then "Download PDF" saves the file or "View PDF" opens it. While the server prints, a status
 * line says so and the buttons wait; a failure shows the server's message; the finished
 * printout stays reachable through a link (a blocked pop-up is not a dead end). Keyboard: the
 * controls are native, Tab stays inside, Escape closes (ModalDialog).
 */
export function PrintDialog({
  clientUid,
  reportId,
  campaignUid,
  customize,
  initialOptions,
  onClose,
  onPrinted,
  open = openPdf,
}: PrintDialogProps) {
  const [options, setOptions] = useState<PrintOptions>({
    ...DEFAULT_PRINT_OPTIONS,
    ...initialOptions,
  });
  const { trigger, isMutating, data, error, reset } = usePrint(clientUid, reportId, campaignUid);
  const campaign = useScopedCampaign(clientUid, campaignUid);
  const statusId = useId();
  const set = <K extends keyof PrintOptions>(key: K, value: PrintOptions[K]) => {
    reset();
    setOptions((current) => ({ ...current, [key]: value }));
  };

  const print = async (download: boolean) => {
    const result = await trigger({ print_options: options, customize, download });
    if (!result) return;
    onPrinted?.(result, options);
    open(result.url, download);
  };

  return (
    <ModalDialog
      title="Print report"
      onClose={onClose}
      describedBy={statusId}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="button"
            disabled={isMutating}
            onClick={() => void print(false)}
          >
            View PDF
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={isMutating}
            aria-busy={isMutating || undefined}
            onClick={() => void print(true)}
          >
            {isMutating ? 'Preparing…' : 'Download PDF'}
          </button>
        </>
      }
    >
      {campaignUid && (
        <p className="print-dialog__scope">
          {campaign
            ? `Only the airings of the campaign ${campaign.name} (flight ${formatDateRange(campaign.flight_start, campaign.flight_end)}) print, with the campaign's pacing.`
            : "Only the airings of the campaign on screen print, with the campaign's pacing."}
        </p>
      )}
      <fieldset className="print-dialog__group" disabled={isMutating}>
        <legend>What to print</legend>
        {(Object.keys(PRINT_PANELS) as PrintPanel[]).map((panel) => (
          <label className="checkbox" key={panel}>
            <input
              type="radio"
              name="print-panel"
              value={panel}
              checked={options.panel === panel}
              onChange={() => set('panel', panel)}
            />
            {PRINT_PANELS[panel]}
          </label>
        ))}
      </fieldset>
      <fieldset className="print-dialog__group" disabled={isMutating}>
        <legend>Layout</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={options.landscape}
            onChange={(e) => set('landscape', e.target.checked)}
          />
          Landscape pages
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={options.include_header}
            onChange={(e) => set('include_header', e.target.checked)}
          />
          Include header (client and period)
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={options.include_footer}
            onChange={(e) => set('include_footer', e.target.checked)}
          />
          Include footer (page numbers)
        </label>
      </fieldset>
      <div id={statusId}>
        <p className="modal__status" role="status">
          {isMutating && 'Preparing your PDF… this can take a few seconds.'}
          {!isMutating &&
            data &&
            `Your PDF is ready: ${data.pages} ${data.pages === 1 ? 'page' : 'pages'}, ${sizeText(data.bytes)}.`}
        </p>
        {!isMutating && data && (
          <a href={data.url} target="_blank" rel="noopener noreferrer">
            Open {data.file_name}
          </a>
        )}
        <FormAlert message={error ? errorMessage(error) : undefined} title="Problem!" />
      </div>
    </ModalDialog>
  );
}
