import { useState } from 'react';
import { clientNameOfHost } from '#shared/contracts/landing-preview.schema';
import { callRoute, errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { useAppNavigate } from '../entries/app-navigate';
import type { PreviewParams } from './preview-params';

/** company_save's answer, the part the button reads. */
interface Saved {
  client_info: { client_uid: string };
}

/**
 * A signed-in visitor's action on the preview: "Add <host> as an advertiser" creates the client
 * through company_save (the caller's first organisation; the server checks the fields again) with
 * the website, industry and market, then opens the report screen on it. A failure (a client of
 * that name already exists, say) shows the server's message.
 */
export function AddAdvertiser({ params }: { params: PreviewParams & { host: string } }) {
  const navigate = useAppNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await callRoute<Saved>('company_save', {
        name: clientNameOfHost(params.host),
        website: params.host,
        industry_id: params.industry?.id ?? null,
        market: params.market?.id ?? null,
      });
      navigate(`/ss?client=${encodeURIComponent(saved.client_info.client_uid)}`);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <div>
      <FormAlert message={error} />
      <button type="button" className="button button--primary" onClick={add} disabled={busy}>
        {busy ? 'Adding…' : `Add ${params.host} as an advertiser`}
      </button>
    </div>
  );
}
