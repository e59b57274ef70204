import type { DimensionKey } from '#shared/contracts/report.schema';

/**
 * Drill-down on the report screen: which tab a drilled row opens. The tabs themselves are
 * layers/shared/report/dimensions.ts. Pure.
 */

/**
 * The tab to open after drilling into a row of `dimension` (station ->
 * its programs and dayparts; daypart -> its stations). Other dimensions open their stations.
 */
export function drillTarget(dimension: DimensionKey): DimensionKey {
  switch (dimension) {
    case 'station':
    case 'network':
    case 'cable_zone':
      return 'program';
    case 'program':
      return 'daypart';
    default:
      return 'station';
  }
}
