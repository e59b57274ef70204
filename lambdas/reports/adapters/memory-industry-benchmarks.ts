import type { IndustryTrend } from '#shared/contracts/industry-insights.schema';
import type { IndustryBenchmarkStore } from '../core/industry-benchmarks';
import type { IndustryContribution } from '../core/industry-contribution';

/** In-memory IndustryBenchmarkStore for tests (same semantics as DynamoIndustryBenchmarks). */
export class MemoryIndustryBenchmarks implements IndustryBenchmarkStore {
  readonly own = new Map<string, IndustryContribution>();
  /** `<industry>#<real|sample>` → client_uid → contribution. */
  readonly filed = new Map<string, Map<string, IndustryContribution>>();
  /** `real` | `sample` → industry id → trend. */
  readonly trends = {
    real: new Map<string, IndustryTrend>(),
    sample: new Map<string, IndustryTrend>(),
  };

  private bucket(industryId: string, sampleData: boolean) {
    const key = `${industryId}#${sampleData ? 'sample' : 'real'}`;
    let b = this.filed.get(key);
    if (!b) {
      b = new Map();
      this.filed.set(key, b);
    }
    return b;
  }

  async getOwn(clientUid: string) {
    return structuredClone(this.own.get(clientUid) ?? null);
  }

  async putOwn(contribution: IndustryContribution) {
    this.own.set(contribution.client_uid, structuredClone(contribution));
  }

  async putInIndustry(industryId: string, contribution: IndustryContribution) {
    this.bucket(industryId, contribution.sample_data).set(
      contribution.client_uid,
      structuredClone(contribution),
    );
  }

  async removeFromIndustry(industryId: string, clientUid: string, sampleData: boolean) {
    this.bucket(industryId, sampleData).delete(clientUid);
  }

  async listIndustry(industryId: string, sampleData: boolean) {
    return [...this.bucket(industryId, sampleData).values()].map((c) => structuredClone(c));
  }

  async putTrend(industryId: string, sampleData: boolean, trend: IndustryTrend | null) {
    const kind = this.trends[sampleData ? 'sample' : 'real'];
    if (trend) kind.set(industryId, structuredClone(trend));
    else kind.delete(industryId);
  }

  async listTrends(sampleData: boolean) {
    return new Map(structuredClone([...this.trends[sampleData ? 'sample' : 'real']]));
  }
}
