import type { Caller } from '#shared/auth/caller';
import { newProfile } from '../../../lambdas/accounts/core/profile';
import { MemoryReportSessions } from '../../../lambdas/reports/adapters/memory-report-sessions';
import { ProfileDirectory } from '../../../lambdas/reports/adapters/profile-directory';
import type { ReportJob } from '../../../lambdas/reports/core/ports';
import { alice, countingIds, fixedClock, memoryPorts, seededCompanies } from './fakes';

/** carol belongs to org-a with alice: she sees client-a and its saved reports. */
export const carol: Caller = { ...alice, userId: 'carol', email: 'carol@example.com' };

/** A finished report job of a client. */
export function completeJob(reportId: string, clientUid: string, over: Partial<ReportJob> = {}) {
  return {
    report_id: reportId,
    client_uid: clientUid,
    session_uid: 'sess-1',
    user_id: 'alice',
    report_type: 'pro_insights',
    status: 'complete',
    progress: 100,
    params: {
      date_start: '2024-03-04',
      date_end: '2024-03-10',
      window: 8,
      attribution_method: 'sessions',
    },
    created_at: '2024-04-01T11:00:00.000Z',
    updated_at: '2024-04-01T11:05:00.000Z',
    ...over,
  } satisfies ReportJob;
}

/**
 * The report-session world: companies (alice and carol in org-a with client-a, bob in org-b
 * with client-b, the demo client), profiles for alice and carol, finished reports r-1 (client-a)
 * and r-b (client-b), and every report-session port in memory.
 */
export async function sessionWorld(clock = fixedClock()) {
  const companies = await seededCompanies();
  await companies.addMembership('carol', 'org-a');
  const now = clock.now();
  await companies.accounts.createProfile(
    newProfile(
      {
        user_id: 'alice',
        primary_email: 'alice@example.com',
        first_name: 'Alice',
        last_name: 'Ames',
      },
      now,
    ),
  );
  await companies.accounts.createProfile(
    newProfile({ user_id: 'carol', primary_email: 'carol@example.com' }, now),
  );
  const { jobs } = memoryPorts();
  await jobs.create(completeJob('r-1', 'client-a'));
  await jobs.create(completeJob('r-b', 'client-b', { user_id: 'bob' }));
  await companies.updateClient('client-a', { latest_report_id: 'r-1' });
  const sessions = new MemoryReportSessions();
  const users = new ProfileDirectory(companies.accounts);
  return {
    companies,
    jobs,
    sessions,
    users,
    settingsDeps: { companies, settings: sessions, users, clock },
    savedDeps: { companies, jobs, saved: sessions, users, clock, ids: countingIds() },
  };
}
