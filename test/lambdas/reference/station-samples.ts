import type { Station } from '#shared/contracts/stations.schema';
import { dmaOfRow } from '#shared/reference/dmas';
import { SHIPPED_DMA_ROWS } from '#shared/reference/shipped';
import type { StationSources } from '../../../lambdas/reference/core/stations-build';
import { placementOf } from '../../../lambdas/reference/core/stations-seed';

/** The shipped DMAs (always in the repository). */
export const SHIPPED_DMAS = SHIPPED_DMA_ROWS.map(dmaOfRow);

/** Placement by the shipped city table and DMA list. */
export const PLACE = placementOf(SHIPPED_DMAS);

/**
 * A few rows copied from the real sources (radio list, FCC statuses, the 2016 post-log's
 * stations), so the tests run in a clone without the data folder.
 */
export const SAMPLE_SOURCES: StationSources = {
  radio: [
    {
      call_sign: 'KRLE',
      frequency: '89.7 FM',
      city: 'Carbon Hill',
      state: 'Alabama',
      format: 'Contemporary Christian (K-Love)',
    },
    {
      call_sign: 'KYW',
      frequency: '1060 AM',
      city: 'Philadelphia',
      state: 'Pennsylvania',
      format: 'News/Talk',
    },
    {
      call_sign: 'WMMR',
      frequency: '93.3 FM',
      city: 'Philadelphia',
      state: 'Pennsylvania',
      format: 'Mainstream rock',
    },
    {
      call_sign: 'WIP-FM',
      frequency: '94.1 FM',
      city: 'Philadelphia',
      state: 'Pennsylvania',
      format: 'Sports',
    },
    {
      call_sign: 'WABC',
      frequency: '770 AM',
      city: 'New York City',
      state: 'New_York',
      format: 'Conservative talk',
    },
    {
      call_sign: 'WKIX (AM)',
      frequency: '850 AM',
      city: 'Raleigh',
      state: 'North_Carolina',
      format: 'Classic hits',
    },
    {
      call_sign: 'WVOC[4]',
      frequency: '560 AM',
      city: 'Columbia',
      state: 'South_Carolina',
      format: 'News/Talk',
    },
    {
      call_sign: 'DWVXM',
      frequency: '88.1 FM',
      city: 'Burlington',
      state: 'Vermont',
      format: 'Public radio',
    },
    {
      call_sign: 'Radio Martí',
      frequency: '1180 AM',
      city: 'Miami',
      state: 'Florida',
      format: 'Spanish',
    },
    {
      call_sign: 'WKRP-AM',
      frequency: '1530 AM',
      city: 'Cincinnati',
      state: 'Ohio',
      format: 'Country',
    },
    {
      call_sign: 'WKRP-FM',
      frequency: '101.1 FM',
      city: 'Cincinnati',
      state: 'Ohio',
      format: 'Top 40 (CHR)',
    },
  ],
  fcc: [
    { call_sign: 'DWVXM', status: 'LICENSE CANCELLED' },
    { call_sign: 'KRLE', status: 'LICENSED' },
  ],
  postlog: [
    { station: 'KYW', station_type: 'broadcast_tv', dma_code: '504' },
    { station: 'WPVI', station_type: 'broadcast_tv', dma_code: '504' },
    { station: 'WABC', station_type: 'broadcast_tv', dma_code: '501' },
    { station: 'CNNW', station_type: 'national_cable', dma_code: '807' },
    { station: 'COM', station_type: 'national_cable', dma_code: '807' },
  ],
};

/** A station of the sample by id (throws when absent, to keep tests short). */
export function sampleStation(list: readonly Station[], id: string): Station {
  const found = list.find((s) => s.id === id);
  if (!found) throw new Error(`no ${id} in the sample`);
  return found;
}
