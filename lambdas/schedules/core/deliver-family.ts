import type { FamilyGenerateRequest } from '#shared/contracts/families.schema';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { AppError } from '#shared/errors';
import { slugOf } from '#shared/slug';
import { buildFamilyDocument } from '../../families/core/build';
import type { BuildDeps } from '../../families/core/ports';
import { renderFamily } from '../../families/core/render';
import type { PdfRenderer } from '../../reports/print/ports';
import { ownerCaller } from './deliver-access';
import { type DeliveryDocuments, type DeliveryPeriod, DeliveryRefused } from './deliver-ports';

/** Dependencies of {@link scheduledFamilyDocuments}: the families' build and render ports. */
export interface DeliverFamilyDeps {
  build: BuildDeps;
  renderer: PdfRenderer;
}

/**
 * The generate request of a family for a delivery period: the client's month or quarter the
 * period starts in (a monthly family over last month is that month; a quarterly one over last
 * quarter is that quarter), executive only and campaign as the schedule says.
 */
export function familyRequestOf(
  schedule: Schedule,
  period: DeliveryPeriod,
  csv: boolean,
): FamilyGenerateRequest {
  if (schedule.what.kind === 'report') throw new Error('not a family schedule');
  const [year = '', month = ''] = period.start.split('-');
  const quarter = Math.floor((Number(month) - 1) / 3) + 1;
  return {
    kind: schedule.what.kind,
    client_uid: schedule.client_uid,
    month: `${year}-${month}`,
    quarter: `${year}-Q${quarter}`,
    ...(schedule.what.campaign_uid ? { campaign_uid: schedule.what.campaign_uid } : {}),
    ...(schedule.what.executive_only ? { executive_only: true } : {}),
    csv,
  };
}

/**
 * A generated family for a delivery (the "or one of the generated families"), built as
 * the schedule's owner (only what the owner may see) and printed through the same print path.
 * Families that need more than a client (a station's, an advertiser's, an organisation's) are
 * refused with the builder's reason.
 * @throws DeliveryRefused with a user-safe reason when the family cannot be built for the owner
 *   (unknown client or campaign, a missing field, no builder for the kind).
 */
export function scheduledFamilyDocuments(deps: DeliverFamilyDeps): DeliveryDocuments {
  return {
    async render(schedule, period, csv) {
      const owner = ownerCaller(schedule);
      const request = familyRequestOf(schedule, period, csv);
      const doc = await buildFamilyDocument(deps.build, owner, request).catch((error: unknown) => {
        throw error instanceof AppError ? new DeliveryRefused(error.message) : error;
      });
      const rendered = await renderFamily(
        { renderer: deps.renderer, clock: deps.build.clock },
        doc,
        { csv },
      );
      const name = slugOf(`${doc.title} ${doc.period.label}`) || 'report';
      return {
        title: `${doc.title}: ${doc.period.label}`,
        pdf: rendered.pdf,
        fileName: `${name}.pdf`,
        csv: rendered.csv,
      };
    },
  };
}

/**
 * What a schedule sends, by its `what.kind`: the client's report, or a generated family. Without
 * the families' adapters (`family` null) a family schedule fails at once, saying so.
 */
export function documentsByKind(
  report: DeliveryDocuments,
  family: DeliveryDocuments | null,
): DeliveryDocuments {
  return {
    async render(schedule, period, csv) {
      if (schedule.what.kind === 'report') return report.render(schedule, period, csv);
      if (!family) {
        throw new DeliveryRefused('Generated reports cannot be delivered by schedule here yet.');
      }
      return family.render(schedule, period, csv);
    },
  };
}
