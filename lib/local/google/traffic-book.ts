import { createTime } from './admin-api';
import { loadDemoInputs } from './demo-inputs';
import { writeDemoPostlogIfMissing } from './demo-postlog-file';
import type { FakeProperty } from './directory';
import { type DemoInputs, type PlaceSeries, PropertyVisits } from './visits-source';

/**
 * The simulated traffic of every property with data, built on first use: the demo post-log is
 * read once (when a report first needs it), each property's days are computed as asked.
 */
export class TrafficBook {
  private inputs: Promise<DemoInputs> | null = null;
  private readonly visits = new Map<string, PropertyVisits>();

  /**
   * @param postlogPath where the stand-in keeps the demo post-log its visits respond to
   * @param demoFirstDay the post-log's first Monday (YYYY-MM-DD)
   * @param dataDir the real-data folder (DMA list)
   */
  constructor(
    private readonly postlogPath: string,
    private readonly demoFirstDay: string,
    private readonly dataDir: string,
  ) {}

  /** Writes the demo post-log file unless it is there (kept, so the data never moves). */
  writePostlog(): void {
    writeDemoPostlogIfMissing(this.postlogPath, this.demoFirstDay);
  }

  /**
   * The property's minutes by UTC day, or null for a property with no data.
   * @throws when the demo post-log cannot be read.
   */
  async traffic(property: FakeProperty): Promise<((utcDay: number) => PlaceSeries[]) | null> {
    if (!property.traffic) return null;
    let visits = this.visits.get(property.id);
    if (!visits) {
      this.inputs ??= loadDemoInputs(this.postlogPath, this.dataDir).catch((error: Error) => {
        this.inputs = null;
        throw error;
      });
      const inputs = await this.inputs;
      const created = Math.floor(Date.parse(createTime(property, this.demoFirstDay)) / 86_400_000);
      visits = new PropertyVisits(property.traffic, inputs, created + 1);
      this.visits.set(property.id, visits);
    }
    const found = visits;
    return (day) => found.day(day);
  }
}
