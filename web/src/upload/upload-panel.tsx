import type { ImportJob } from '#shared/contracts/postlog.schema';
import { PendingReviews } from './pending-reviews';
import { UploadForm } from './upload-form';

/** Props of the uploads section. */
export interface UploadPanelProps {
  clientUid: string | undefined;
  clientName: string | undefined;
  /** The selected client is a read-only sample: its visits cannot be replaced. */
  readOnly?: boolean;
  /**
   * The user may upload the selected client's data (its `import` permission); without it the
   * client's visits and foot-traffic uploads are not offered. @default true
   */
  canImport?: boolean;
  /** Called when an import completes. */
  onImported: (job: ImportJob) => void;
}

/**
 * A card in place of a client's upload form when the client is a read-only sample, or when the
 * user may only view it (no `import`).
 */
function ReadOnlyCard({
  title,
  clientName,
  sample,
}: {
  title: string;
  clientName: string | undefined;
  sample: boolean;
}) {
  return (
    <div className="card upload">
      <h3 className="card__title">{title}</h3>
      <p className="upload__description">
        {sample
          ? `${clientName ?? 'This client'} is a read-only sample with simulated visits. Upload a post-log to create your own advertiser, then upload its visits here.`
          : `You can view ${clientName ?? 'this client'}; uploading its data needs import permission.`}
      </p>
    </div>
  );
}

/**
 * The data uploads under the report: the client's imports waiting for review (a post-log drop's
 * file with errors waits here), a post-log, then a visits file and a foot-traffic file
 * (store visits per location) for the selected client, these two only where the user
 * may import its data (the post-log makes the user's own advertisers, whatever is selected).
 */
export function UploadPanel({
  clientUid,
  clientName,
  readOnly,
  canImport = true,
  onImported,
}: UploadPanelProps) {
  const forClient = clientName ? ` for ${clientName}` : '';
  const footTraffic = 'Foot traffic (store visits per location)';
  return (
    <section id="uploads" className="uploads" aria-labelledby="uploads-title">
      <h2 className="section-title" id="uploads-title" tabIndex={-1}>
        Data uploads
      </h2>
      {clientUid && canImport && !readOnly && (
        <PendingReviews clientUid={clientUid} clientName={clientName} onImported={onImported} />
      )}
      <div className="uploads__grid">
        <UploadForm
          kind="postlog"
          title="Post-log"
          description="A CSV of your airings: station, market, date, time, creative, length and cost."
          clientUid={clientUid}
          onImported={onImported}
        />
        {readOnly || !canImport ? (
          <>
            <ReadOnlyCard title="Visits" clientName={clientName} sample={readOnly === true} />
            <ReadOnlyCard title={footTraffic} clientName={clientName} sample={readOnly === true} />
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
