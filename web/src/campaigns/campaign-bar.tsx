import { useEffect, useId, useState } from 'react';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import type { ReportView } from '#shared/contracts/report.schema';
import { useCampaigns } from '../api/use-campaigns';
import { CampaignManager } from './campaign-manager';
import styles from './campaigns.module.css';
import type { Choice } from './choice-list';

/** Props of {@link CampaignBar}. */
export interface CampaignBarProps {
  report: ReportView;
  /** The campaign uid in the URL (`?campaign=`), if any. */
  campaignUid: string | undefined;
  /** Scopes the report to a campaign, or back to the whole report (null). */
  onScope: (campaignUid: string | null) => void;
  /** The user may edit the client (create, edit, delete campaigns). */
  canEdit: boolean;
}

/** The rows of a report table as choices (key and label), in the table's order. */
function choicesOf(report: ReportView, dimension: 'station' | 'creative'): Choice[] {
  return (report.tables[dimension] ?? []).map((row) => ({ value: row.key, label: row.label }));
}

/**
 * The campaign control of the report screen (spec §7 "Campaigns"): a select scoping the report
 * to one of the client's campaigns (kept in the URL, shown as a removable chip by the report
 * body) and a Campaigns button opening the manager. A campaign uid in the URL that the client
 * does not hold (deleted, or a link to another client) is dropped from the URL.
 */
export function CampaignBar({ report, campaignUid, onScope, canEdit }: CampaignBarProps) {
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const list = useCampaigns(report.client_uid);
  const campaigns: Campaign[] =
    list.data?.client_uid === report.client_uid ? list.data.campaigns : [];
  const loaded = list.data?.client_uid === report.client_uid;
  const unknown =
    loaded && campaignUid !== undefined && !campaigns.some((c) => c.campaign_uid === campaignUid);

  useEffect(() => {
    if (unknown) onScope(null);
  }, [unknown, onScope]);

  return (
    <section className={styles.control} aria-label="Campaign">
      <label className={styles.label} htmlFor={selectId}>
        Campaign
      </label>
      <select
        id={selectId}
        className="select"
        value={campaignUid ?? ''}
        onChange={(e) => onScope(e.target.value || null)}
        disabled={campaigns.length === 0}
      >
        <option value="">{campaigns.length === 0 ? 'No campaigns yet' : 'Whole report'}</option>
        {campaigns.map((c) => (
          <option key={c.campaign_uid} value={c.campaign_uid}>
            {c.name}
          </option>
        ))}
      </select>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Campaigns…
      </button>
      {open && (
        <CampaignManager
          clientUid={report.client_uid}
          clientName={report.advertiser}
          canEdit={canEdit}
          stations={choicesOf(report, 'station')}
          creatives={choicesOf(report, 'creative')}
          onScope={(uid) => {
            onScope(uid);
            setOpen(false);
          }}
          onDeleted={(uid) => {
            if (uid === campaignUid) onScope(null);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </section>
  );
}

/** The campaign the URL scopes the report to, once the client's list has it. */
export function useScopedCampaign(
  clientUid: string,
  campaignUid: string | undefined,
): Campaign | undefined {
  const list = useCampaigns(campaignUid ? clientUid : undefined);
  if (!campaignUid || list.data?.client_uid !== clientUid) return undefined;
  return list.data.campaigns.find((c) => c.campaign_uid === campaignUid);
}
