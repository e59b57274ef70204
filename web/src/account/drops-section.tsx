import { format } from 'date-fns';
import { useState } from 'react';
import type { OrganizationView } from '#shared/contracts/account-results.schema';
import type {
  CreateDropResult,
  DropResultStatus,
  DropView,
  ListDropsResult,
} from '#shared/contracts/drops.schema';
import { errorMessage } from '../api/client';
import { revokeDrop, useDrops } from '../api/use-drops';
import { FormAlert } from '../auth/form-controls';
import { ModalDialog } from '../components/modal-dialog';
import { DropConnection } from './drop-connection';
import { DropForm } from './drop-form';
import css from './drops-section.module.css';

/** A UTC timestamp in the viewer's time: `Jan 5, 2026, 7:00 AM`. */
const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy, h:mm a');

/** What a last result reads as, and its badge. */
const RESULT_LABELS: Record<DropResultStatus, { text: string; badge: string }> = {
  applied: { text: 'Imported', badge: 'badge--ok' },
  review: { text: 'Waiting for review', badge: 'badge--directional' },
  failed: { text: 'Not imported', badge: 'badge--down' },
  ignored: { text: 'Ignored', badge: 'badge--muted' },
};

/** The drops table: uploader, scope, status, last file and last use, with Revoke. */
function DropsTable({
  orgName,
  drops,
  onRevoke,
}: {
  orgName: string;
  drops: DropView[];
  onRevoke: (drop: DropView) => void;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to scroll.
    <section className={css.tableWrap} aria-label={`Drops of ${orgName}`} tabIndex={0}>
      <table className={`data-table data-table--compact ${css.table}`}>
        <caption className="visually-hidden">Post-log drops of {orgName}</caption>
        <thead>
          <tr>
            <th scope="col">Uploader</th>
            <th scope="col">Post-logs for</th>
            <th scope="col">Status</th>
            <th scope="col">Last file</th>
            <th scope="col">Last use</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {drops.map((d) => {
            const last = d.last_result;
            const label = last ? RESULT_LABELS[last.status] : null;
            return (
              <tr key={d.drop_id}>
                <td>
                  <span className={css.uploader}>{d.label}</span>
                  <span className={css.sub}>
                    {d.mode === 'sftp' ? `SFTP user ${d.username}` : 'Local folder'}
                    {d.key_fingerprint ? ` · key ${d.key_fingerprint.slice(0, 19)}…` : ''}
                  </span>
                </td>
                <td>{d.client_name ?? 'Whole organization'}</td>
                <td>
                  {d.status === 'active' ? (
                    <span className="badge badge--ok">Active</span>
                  ) : (
                    <span className="badge badge--muted">
                      Revoked {d.revoked_at ? format(new Date(d.revoked_at), 'MMM d, yyyy') : ''}
                    </span>
                  )}
                </td>
                <td>
                  {last && label ? (
                    <>
                      <span className={css.uploader}>{last.file}</span>
                      <span className={css.sub}>
                        <span className={`badge ${label.badge}`}>{label.text}</span> {last.summary}
                      </span>
                    </>
                  ) : (
                    <span className={css.sub}>No file yet</span>
                  )}
                </td>
                <td>{d.last_used_at ? when(d.last_used_at) : 'Never'}</td>
                <td>
                  {d.status === 'active' && (
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`Revoke ${d.label}`}
                      onClick={() => onRevoke(d)}
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** Props of {@link DropsSection}. */
export interface DropsSectionProps {
  /** An organisation the user manages (owner or admin). */
  org: OrganizationView;
}

/**
 * The "Post-log drops" part of one organisation on /ss/account (list_drops, create_drop,
 * revoke_drop), for its owners and admins: what a drop is, a form to make one for a client or
 * the whole organisation, the new drop's connection details shown once with Copy buttons, and
 * every drop with its last file and last use, each revocable after a confirmation.
 */
export function DropsSection({ org }: DropsSectionProps) {
  const drops = useDrops(org.org_uid);
  const [made, setMade] = useState<CreateDropResult | null>(null);
  const [confirming, setConfirming] = useState<DropView | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const titleId = `drops-${org.org_uid}`;
  const data = drops.data;

  const show = (next: ListDropsResult) => void drops.mutate(next, { revalidate: false });

  const created = (result: CreateDropResult) => {
    setNotice(null);
    setMade(result);
    if (data) show({ ...data, drops: [result.drop, ...data.drops] });
  };

  const revoke = async (drop: DropView) => {
    setBusy(true);
    setProblem(null);
    try {
      const revoked = await revokeDrop(drop.drop_id);
      if (data)
        show({
          ...data,
          drops: data.drops.map((d) => (d.drop_id === revoked.drop_id ? revoked : d)),
        });
      setNotice(`Drop "${drop.label}" is revoked: its uploader can no longer send files.`);
      if (made?.drop.drop_id === drop.drop_id) setMade(null);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <section className={css.section} aria-labelledby={titleId}>
      <h3 id={titleId} className="account__subtitle">
        Post-log drops of {org.name}
      </h3>
      <p className={css.note}>
        A drop lets a station's traffic system or an agency's buying system send post-logs with no
        browser. Each CSV it sends is imported like an upload: all or nothing, and a file with
        errors waits for review in the client's data uploads. Its result is written beside it as{' '}
        <code>.result.json</code> and e-mailed to you.
      </p>
      <FormAlert message={problem ?? (drops.error ? errorMessage(drops.error) : null)} />
      <FormAlert tone="success" message={notice} />
      {drops.isLoading && <p className="form-field__hint">Loading drops…</p>}
      {data?.mode === 'off' && (
        <p className={css.note}>
          Post-log drops are not enabled on this deployment (its SFTP server is off).
        </p>
      )}
      {made && <DropConnection made={made} onDone={() => setMade(null)} />}
      {data && data.mode !== 'off' && !made && (
        <DropForm
          organizationUid={org.org_uid}
          organizationName={org.name}
          mode={data.mode}
          clients={data.clients}
          onCreated={created}
        />
      )}
      {data && data.drops.length === 0 && (
        <p className={css.empty}>
          No drops yet: create one above and give its details to the uploader.
        </p>
      )}
      {data && data.drops.length > 0 && (
        <DropsTable orgName={org.name} drops={data.drops} onRevoke={setConfirming} />
      )}
      {confirming && (
        <ModalDialog
          title={`Revoke the drop "${confirming.label}"?`}
          onClose={() => setConfirming(null)}
          footer={
            <>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => void revoke(confirming)}
              >
                {busy ? 'Revoking…' : 'Revoke drop'}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(null)}>
                Keep
              </button>
            </>
          }
        >
          <p>
            {confirming.mode === 'sftp'
              ? `The SFTP user ${confirming.username} can no longer log in, and`
              : 'From now on'}{' '}
            files arriving in this drop are not imported (their result file says so). Post-logs
            already imported stay. This cannot be undone; you can create a new drop.
          </p>
        </ModalDialog>
      )}
    </section>
  );
}
