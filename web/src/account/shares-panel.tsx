import { useCallback, useState } from 'react';
import type { ShareView } from '#shared/contracts/account-results.schema';
import { callRoute, errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { ShareForm } from './share-form';
import { SharesTable } from './shares-table';
import { useShares } from './use-account';

/**
 * The shares part of /ss/account (my_shares, update_share, remove_share; spec §3, §6, §7):
 * clients shared with the user, clients the user shared (with Remove / Restore), and a form
 * to share a client.
 */
export function SharesPanel() {
  const shares = useShares();
  const [busyUid, setBusyUid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = shares.mutate;

  const toggle = useCallback(
    async (share: ShareView) => {
      setBusyUid(share.share_uid);
      setError(null);
      try {
        await callRoute('remove_share', {
          share_uid: share.share_uid,
          action: share.status === 'active' ? 'remove' : 'restore',
        });
        await refresh();
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setBusyUid(null);
      }
    },
    [refresh],
  );

  return (
    <section className="card account__section" aria-labelledby="shares-title">
      <h2 id="shares-title" className="card__title">
        Shared clients
      </h2>
      <FormAlert message={error ?? (shares.error ? errorMessage(shares.error) : null)} />
      {shares.isLoading && <p className="form-field__hint">Loading…</p>}
      {shares.data && (
        <>
          <SharesTable
            caption="Shared with me"
            direction="to_me"
            shares={shares.data.shared_to_me}
          />
          <SharesTable
            caption="Shared by me"
            direction="to_others"
            shares={shares.data.shared_to_others}
            onToggle={toggle}
            busyUid={busyUid}
          />
        </>
      )}
      <h3 className="account__subtitle">Share a client</h3>
      <ShareForm onShared={() => void refresh()} />
    </section>
  );
}
