import type { ImportJob } from '../../../layers/shared/contracts/postlog.schema';
import { UploadForm } from './upload-form';

/** Props of the uploads section. */
export interface UploadPanelProps {
  clientUid: string | undefined;
  clientName: string | undefined;
  /** The selected client is a read-only sample: its visits cannot be replaced. */
  readOnly?: boolean;
  /** Called when an import completes. */
  onImported: (job: ImportJob) => void;
}

/** The data uploads under the report: a post-log and a visits file for the selected client. */
export function UploadPanel({ clientUid, clientName, readOnly, onImported }: UploadPanelProps) {
  return (
    <section id="uploads" className="uploads" aria-labelledby="uploads-title">
      <h2 className="section-title" id="uploads-title">
        Data uploads
      </h2>
      <div className="uploads__grid">
        <UploadForm
          kind="postlog"
          title="Post-log"
          description="A CSV of your airings: station, market, date, time, creative, length and cost."
          clientUid={clientUid}
          onImported={onImported}
        />
        {readOnly ? (
          <div className="card upload">
            <h3 className="card__title">Visits</h3>
            <p className="upload__description">
              {clientName ?? 'This client'} is a read-only sample with simulated visits. Upload a
              post-log to create your own advertiser, then upload its visits here.
            </p>
          </div>
        ) : (
          <UploadForm
            kind="visits"
            title={`Visits${clientName ? ` for ${clientName}` : ''}`}
            description="A CSV of website visits (sessions or page views) by minute."
            clientUid={clientUid}
            onImported={onImported}
          />
        )}
      </div>
    </section>
  );
}
