import type { UserProfile } from '#shared/accounts/accounts';
import type { Caller } from '#shared/auth/caller';
import type { ClientRecord } from '#shared/companies/companies';
import type { MemoryCompanies } from '#shared/companies/memory-companies';
import { MemoryConnectionsStore } from '#shared/connections/memory-connections-store';
import type { StoredReportView } from '#shared/contracts/report.schema';
import { MemoryLocations } from '#shared/locations/locations';
import type {
  CalculatorReader,
  ClientNames,
  ClientRemoval,
  FavoriteClients,
  HelpMail,
  MergeDeps,
  ReportFiles,
} from '../../../lambdas/companies/core/client-ports';
import { MemoryIndustryBenchmarks } from '../../../lambdas/reports/adapters/memory-industry-benchmarks';
import { MemoryReportSessions } from '../../../lambdas/reports/adapters/memory-report-sessions';
import { memoryDeps } from '../imports/fakes';

/** A signed-in caller with a verified e-mail `<id>@example.com`. */
export const callerOf = (userId: string): Caller => ({
  userId,
  email: `${userId}@example.com`,
  emailVerified: true,
  staff: false,
  agent: false,
});

/** The advertiser name claims of a MemoryCompanies (the map ensureAdvertiser uses). */
function claimsOf(companies: MemoryCompanies): Map<string, string> {
  // biome-ignore lint/complexity/useLiteralKeys: the fake reads the repository's own claims.
  return companies['advertisers'];
}

/** ClientNames over a MemoryCompanies' own claims, so ensureAdvertiser sees the same names. */
export class MemoryClientNames implements ClientNames {
  constructor(private readonly companies: MemoryCompanies) {}
  private key = (org: string, name: string) => `${org}#${name.trim().toLowerCase()}`;
  async owner(org: string, name: string) {
    return claimsOf(this.companies).get(this.key(org, name)) ?? null;
  }
  async rename(org: string, uid: string, oldName: string, newName: string) {
    const claims = claimsOf(this.companies);
    const held = claims.get(this.key(org, newName));
    if (held && held !== uid) return false;
    claims.set(this.key(org, newName), uid);
    if (claims.get(this.key(org, oldName)) === uid) claims.delete(this.key(org, oldName));
    return true;
  }
  async reassign(org: string, name: string, toUid: string) {
    claimsOf(this.companies).set(this.key(org, name), toUid);
  }
  async namesOf(org: string, uid: string) {
    return [...claimsOf(this.companies)]
      .filter(([k, v]) => k.startsWith(`${org}#`) && v === uid)
      .map(([k]) => k.slice(org.length + 1));
  }
}

/** Stored report views by `<client>/<report>`. */
export class MemoryReportFiles implements ReportFiles {
  readonly views = new Map<string, StoredReportView>();
  async view(client: string, id: string) {
    return this.views.get(`${client}/${id}`) ?? null;
  }
  async reportIds(client: string) {
    return [...this.views.keys()]
      .filter((k) => k.startsWith(`${client}/`))
      .map((k) => k.split('/')[1]!);
  }
  async copyReport(from: string, to: string, id: string) {
    const v = this.views.get(`${from}/${id}`);
    if (v) this.views.set(`${to}/${id}`, structuredClone(v));
  }
}

export class MemoryFavorites implements FavoriteClients {
  readonly favs = new Set<string>();
  async isFavorite(user: string, client: string) {
    return this.favs.has(`${user}/${client}`);
  }
  async setFavorite(user: string, client: string, added: boolean) {
    if (added) this.favs.add(`${user}/${client}`);
    else this.favs.delete(`${user}/${client}`);
  }
}

/** A profile with a name (the rest defaulted). */
export function profile(userId: string, first: string, last: string): UserProfile {
  return {
    user_id: userId,
    primary_email: `${userId}@example.com`,
    first_name: first,
    last_name: last,
    email_verified: true,
  } as UserProfile;
}

/** Saved calculators by `<user>/<client>`. */
export function memoryCalculators(
  saved: Record<
    string,
    { ad_spend_cents: number; conversion_rate_pct: number; order_value_cents: number }
  > = {},
): CalculatorReader {
  return { calculatorOf: async (user, client) => saved[`${user}/${client}`] ?? null };
}

/**
 * Everything the per-client routes need, in memory: org-a with alice (owner) and ana (member),
 * org-b with bob; the imports' in-memory lake and generations.
 */
export async function clientWorld() {
  const base = memoryDeps();
  const companies = base.companies as MemoryCompanies;
  const accounts = companies.accounts;
  await companies.addMembership('alice', 'org-a', 'owner');
  await companies.addMembership('ana', 'org-a', 'member');
  await companies.addMembership('bob', 'org-b', 'owner');
  await accounts.putMember('alice', 'org-a', 'owner');
  await accounts.putMember('ana', 'org-a', 'member');
  await accounts.putMember('bob', 'org-b', 'owner');
  for (const p of [
    profile('alice', 'Alice', 'Able'),
    profile('ana', 'Ana', 'Avery'),
    profile('bob', 'Bob', 'Baker'),
  ]) {
    accounts.profiles.set(p.user_id, p);
  }
  const names = new MemoryClientNames(companies);
  const reports = new MemoryReportFiles();
  const favorites = new MemoryFavorites();
  const locations = new MemoryLocations();
  const removal: ClientRemoval = {
    deleteClient: async (c: ClientRecord) => {
      companies.clients.delete(c.client_uid);
    },
  };
  const connections = new MemoryConnectionsStore();
  const benchmarks = new MemoryIndustryBenchmarks();
  const saved = new MemoryReportSessions();
  const deps: MergeDeps & { calculators: CalculatorReader; reports: ReportFiles } = {
    companies,
    accounts,
    names,
    now: base.now,
    newId: base.newId,
    lake: base.lake,
    generations: base.generations,
    jobs: base.jobs,
    reports,
    locations,
    favorites,
    removal,
    connections,
    benchmarks,
    saved,
    calculators: memoryCalculators(),
  };
  return {
    base,
    companies,
    accounts,
    names,
    reports,
    favorites,
    locations,
    connections,
    benchmarks,
    saved,
    deps,
  };
}

/** A mailer that keeps what it sent. */
export function memoryMailer() {
  const sent: HelpMail[] = [];
  return { sent, send: async (m: HelpMail) => void sent.push(m) };
}
