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

/** A card in place of a client's upload form when the client is a read-only sample. */
function ReadOnlyCard({ title, clientName }: { title: string; clientName: string | undefined }) {
  return (
    <div className="card upload">
      <h3 className="card__title">{title}</h3>
      <p className="upload__description">
        {clientName ?? 'This client'} is a read-only sample with simulated visits. Upload a post-log
        to create your own advertiser, then upload its visits here.
      </p>
    </div>
  );
}

/**
 * The data uploads under the report: a post-log, then a visits file and a foot-traffic file
 * (store visits per location, issue #4) for the selected client.
 */
export function UploadPanel({ clientUid, clientName, readOnly, onImported }: UploadPanelProps) {
  const forClient = clientName ? ` for ${clientName}` : '';
  const footTraffic = 'Foot traffic (store visits per location)';
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
          <>
            <ReadOnlyCard title="Visits" clientName={clientName} />
            <ReadOnlyCard title={footTraffic} clientName={clientName} />
          </>
        ) : (
          <>
            <UploadForm
              kind="visits"
              title={`Visits${forClient}`}
              description="A CSV of website visits (sessions or page views) by minute."
              clientUid={clientUid}
              onImported={onImported}
            />
            <UploadForm
              kind="foot_traffic"
              title={footTraffic}
              description={`Store visits per location${forClient}, by hour (or by minute with minute_utc). Leave dma_code blank when unknown.`}
              layout="hour_utc,location_id,dma_code,visits"
              clientUid={clientUid}
              onImported={onImported}
            />
          </>
        )}
      </div>
    </section>
  );
}
