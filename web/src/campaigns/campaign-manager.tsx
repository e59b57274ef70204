import { useState } from 'react';
import { CAMPAIGN_GOAL_KINDS, type Campaign } from '#shared/contracts/campaigns.schema';
import { formatCents, formatDateRange } from '#shared/format';
import { errorMessage } from '../api/client';
import { updateCampaign, useCampaigns } from '../api/use-campaigns';
import { FormAlert } from '../auth/form-controls';
import { ModalDialog } from '../components/modal-dialog';
import { CampaignForm } from './campaign-form';
import styles from './campaigns.module.css';
import type { Choice } from './choice-list';

/** Props of {@link CampaignManager}. */
export interface CampaignManagerProps {
  clientUid: string;
  clientName: string;
  /** The user may create, edit and delete (the client's `edit` permission). */
  canEdit: boolean;
  stations: readonly Choice[];
  creatives: readonly Choice[];
  /** Scopes the report to a campaign (and closes the dialog). */
  onScope: (campaignUid: string) => void;
  /** Told when a campaign is deleted (the report drops a scope to it). */
  onDeleted: (campaignUid: string) => void;
  onClose: () => void;
}

/** A campaign's goal in words: "5,000 visits", "12 visits per airing", "$2.50 per visit". */
export function goalText(goal: Campaign['goal']): string {
  if (goal.kind === 'cost_per_visit') return `${formatCents(goal.target)} per visit`;
  const n = goal.target.toLocaleString('en-US');
  return goal.kind === 'visits' ? `${n} visits` : `${n} ${CAMPAIGN_GOAL_KINDS.vpa.toLowerCase()}`;
}

/** What a campaign covers in words: "WABC, KTLA · 2 creatives · DMAs 501" or "All airings". */
export function scopeText(c: Campaign): string {
  const parts = [
    c.station_ids.length > 3 ? `${c.station_ids.length} stations` : c.station_ids.join(', '),
    c.creative_ids.length > 3 ? `${c.creative_ids.length} creatives` : c.creative_ids.join(', '),
    c.dmas.length > 0 ? `DMA ${c.dmas.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'All stations, creatives and markets';
}

type Mode =
  | { kind: 'list' }
  | { kind: 'edit'; campaign?: Campaign }
  | { kind: 'delete'; campaign: Campaign };

/**
 * The campaign manager (spec §7 "Campaigns"): the client's campaigns with their flight, budget,
 * goal and scope; "Show in report" scopes the report; with `edit`, New campaign, Edit, and Delete
 * after a confirmation. Without `edit` the list is read-only.
 */
export function CampaignManager(props: CampaignManagerProps) {
  const { clientUid, canEdit } = props;
  const list = useCampaigns(clientUid);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const campaigns = list.data?.client_uid === clientUid ? list.data.campaigns : [];

  const remove = async (campaign: Campaign) => {
    setBusy(true);
    setProblem(null);
    try {
      await updateCampaign({
        client_uid: clientUid,
        campaign_uid: campaign.campaign_uid,
        delete: true,
      });
      props.onDeleted(campaign.campaign_uid);
      setMode({ kind: 'list' });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const title =
    mode.kind === 'edit'
      ? mode.campaign
        ? `Edit ${mode.campaign.name}`
        : 'New campaign'
      : `Campaigns of ${props.clientName}`;

  return (
    <ModalDialog title={title} onClose={props.onClose}>
      {mode.kind === 'edit' ? (
        <CampaignForm
          clientUid={clientUid}
          campaign={mode.campaign}
          stations={props.stations}
          creatives={props.creatives}
          onSaved={() => setMode({ kind: 'list' })}
          onCancel={() => setMode({ kind: 'list' })}
        />
      ) : (
        <div className={styles.manager}>
          <FormAlert message={problem ?? (list.error ? errorMessage(list.error) : null)} />
          {mode.kind === 'delete' && (
            <div className={styles.confirm} role="alertdialog" aria-label="Confirm delete">
              <p>
                Delete the campaign <strong>{mode.campaign.name}</strong>? Reports scoped to it show
                the whole report again. This cannot be undone.
              </p>
              <div className={styles.actions}>
                <button type="button" className="button" onClick={() => setMode({ kind: 'list' })}>
                  Keep it
                </button>
                <button
                  type="button"
                  className={`button ${styles.danger}`}
                  disabled={busy}
                  onClick={() => void remove(mode.campaign)}
                >
                  {busy ? 'Deleting…' : 'Delete campaign'}
                </button>
              </div>
            </div>
          )}
          {list.isLoading && !list.data ? (
            <p className={styles.empty}>Loading campaigns…</p>
          ) : campaigns.length === 0 ? (
            <p className={styles.empty}>
              No campaigns yet. A campaign is a flight with a budget and a goal; scope the report to
              one to see its figures and pacing.
            </p>
          ) : (
            <ul className={styles.list} aria-label="Campaigns">
              {campaigns.map((c) => (
                <li key={c.campaign_uid} className={styles.item}>
                  <div className={styles.itemText}>
                    <strong>{c.name}</strong>
                    <span>
                      {formatDateRange(c.flight_start, c.flight_end)} · budget{' '}
                      {formatCents(c.budget_cents)} · goal {goalText(c.goal)}
                    </span>
                    <span className={styles.muted}>{scopeText(c)}</span>
                  </div>
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => props.onScope(c.campaign_uid)}
                    >
                      Show in report
                    </button>
                    {canEdit && (
                      <>
                        <button
                          type="button"
                          className="button"
                          aria-label={`Edit ${c.name}`}
                          onClick={() => setMode({ kind: 'edit', campaign: c })}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button"
                          aria-label={`Delete ${c.name}`}
                          onClick={() => setMode({ kind: 'delete', campaign: c })}
                        >
                          Delete
                        </button>
                      </>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="modal__footer">
            <button type="button" className="button" onClick={props.onClose}>
              Close
            </button>
            {canEdit ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() => setMode({ kind: 'edit' })}
              >
                New campaign
              </button>
            ) : (
              <span className={styles.muted}>You may view this client's campaigns only.</span>
            )}
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
