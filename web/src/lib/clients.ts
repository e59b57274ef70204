import type { Company } from '../api/types';

/**
 * Which client the report screen opens when the URL names none: the first demo client that has
 * a report, then any client with a report, then the first client; `undefined` for an empty list.
 */
export function pickDefaultClient(clients: readonly Company[]): string | undefined {
  const withReport = clients.filter((c) => c.latest_report_id !== null);
  return (withReport.find((c) => c.demo) ?? withReport[0] ?? clients[0])?.client_uid;
}
