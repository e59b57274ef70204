import type { FamilyGenerateRequest } from '#shared/contracts/families.schema';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { AppError } from '#shared/errors';
import { slugOf } from '#shared/slug';
import { buildFamilyDocument } from '../../families/core/build';
import { type FamilyPeriod, monthPeriod, quarterPeriod } from '../../families/core/family-periods';
import type { BuildDeps } from '../../families/core/ports';
import { renderFamily } from '../../families/core/render';
import type { PdfRenderer } from '../../reports/print/ports';
import { ownerCaller } from './deliver-access';
import {
  type DeliveryDocuments,
  type DeliveryPeriod,
  DeliveryRefused,
  DeliverySkipped,
} from './deliver-ports';

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

/** Said (and the schedule paused) when a family schedule's campaign no longer exists. */
export const CAMPAIGN_DELETED =
  'The campaign of this schedule was deleted, so the schedule is paused. Pick another campaign or delete the schedule.';

/**
 * A campaign schedule's period check, before anything is built: the campaign still exists
 * (else DeliveryRefused with pauseSchedule: no later period can succeed) and its flight touches
 * the family's month or quarter (else DeliverySkipped: that period has nothing to send by
 * design; the months of the flight still go out).
 */
async function checkCampaign(
  deps: DeliverFamilyDeps,
  schedule: Schedule,
  request: FamilyGenerateRequest,
): Promise<void> {
  if (!request.campaign_uid || !deps.build.campaigns) return;
  const campaign = await deps.build.campaigns.get(schedule.client_uid, request.campaign_uid);
  if (!campaign) throw new DeliveryRefused(CAMPAIGN_DELETED, { pauseSchedule: true });
  const period: FamilyPeriod =
    request.kind === 'quarterly'
      ? quarterPeriod(request.quarter ?? '')
      : monthPeriod(request.month ?? '');
  if (campaign.flight_end < period.start || campaign.flight_start > period.end) {
    throw new DeliverySkipped(
      `The campaign ${campaign.name}'s flight does not cover ${period.label}.`,
    );
  }
}

/**
 * A generated family for a delivery (a schedule sends a report or one of the generated families), built as
 * the schedule's owner (only what the owner may see) and printed through the same print path.
 * Families that need more than a client (a station's, an advertiser's, an organisation's) are
 * refused with the builder's reason.
 * @throws DeliveryRefused with a user-safe reason when the family cannot be built for the owner
 *   (unknown client, a deleted campaign (pauseSchedule), a missing field, no builder for the
 *   kind); DeliverySkipped when the month or quarter lies outside the campaign's flight.
 */
export function scheduledFamilyDocuments(deps: DeliverFamilyDeps): DeliveryDocuments {
  return {
    async render(schedule, period, csv) {
      const owner = ownerCaller(schedule);
      const request = familyRequestOf(schedule, period, csv);
      await checkCampaign(deps, schedule, request);
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
