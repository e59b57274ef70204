import {
  type ComponentType,
  Fragment,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  COMPANIES_PAGE_SIZE,
  type CompanyFilters,
  type CompanyRow,
  type CompanySortField,
  DEFAULT_COMPANY_FILTERS,
} from '#shared/contracts/companies.schema';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { errorMessage } from '../api/client';
import { StateMessage } from '../components/state-message';
import { useLatestSearchParams } from '../lib/use-latest-search-params';
import { ShellFilterPanel, useShellPanels } from '../shell/filter-panel';
import { ClientDialog } from './client-dialog';
import styles from './companies.module.css';
import {
  ACTIVITY_FILTERS,
  clearedFilters,
  readCompaniesUrl,
  statusesOf,
  writeCompaniesUrl,
} from './companies-url';
import { CompanyBreakdown } from './company-breakdown';
import { CompanyFilterForm, type FilterLists } from './company-filters';
import { CompanyPager } from './company-pager';
import { CompanyTable } from './company-table';
import { CreateClientButton } from './create-client-button';
import { HelpDialog } from './help-dialog';
import { MergeDialog } from './merge-dialog';
import { saveFavorite, saveFilters, useCompanyPage } from './use-company-api';

/** The sorts offered on a phone, where the table's headers are hidden. */
const SORT_CHOICES: Array<[CompanySortField, string]> = [
  ['created_date', 'Date added'],
  ['client_name', 'Client name'],
  ['last_airing', 'Last airing'],
  ['progress', 'Progress'],
  ['connections', 'Connection'],
  ['ft_locations', 'Store locations'],
  ['industry', 'Industry'],
  ['rep_names', 'Rep'],
];

/** The spec §9 search debounce, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 1000;

/** A store-locations dialog (web/src/locations), given by the route when it exists. */
export type LocationsDialogComponent = ComponentType<{
  clientUid: string;
  clientName: string;
  open: boolean;
  onClose: () => void;
}>;

/** Props of {@link CompanyTaskListPage}. */
export interface CompanyTaskListPageProps {
  /** The store-locations dialog the Locations cell opens; without it the count is text. */
  LocationsDialog?: LocationsDialogComponent;
}

const EMPTY_LISTS: FilterLists = {
  tags_list: [],
  share_list: [],
  organization_list: [],
  station_group_items: [],
  industry_list: [],
};

/** True when a filter set hides some clients (so an empty list is "no match", not "none yet"). */
export function narrows(filters: CompanyFilters): boolean {
  const statuses = statusesOf(filters);
  const lists = [
    filters.industries,
    filters.organization_ids,
    filters.share_ids,
    filters.station_groups,
    filters.tags,
  ];
  return (
    (statuses.length > 0 && !statuses.includes('all')) ||
    ACTIVITY_FILTERS.some((a) => filters[a]) ||
    Boolean(
      filters.my_companies ||
        filters.new_companies ||
        filters.with_locations ||
        filters.with_cba ||
        filters.favorites ||
        filters.no_favorites ||
        filters.search?.trim(),
    ) ||
    lists.some((l) => (l?.length ?? 0) > 0)
  );
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; row: CompanyRow }
  | { kind: 'merge' }
  | { kind: 'help'; row: CompanyRow }
  | { kind: 'locations'; row: CompanyRow }
  | null;

/**
 * The company task list (/ss/clients; spec §2 "App shell", §7 "Company task list"): the
 * clients the caller may see, ten a page, filtered, sorted and paged by the server
 * (fetch_companies), with the filters in the shell's slide-in panel and in the URL. A row
 * stars a favourite (optimistic), expands to its mini breakdown, opens the report, and offers
 * edit and help; the page creates clients and merges duplicates.
 */
export function CompanyTaskListPage({ LocationsDialog }: CompanyTaskListPageProps) {
  const [params, setLatest] = useLatestSearchParams();
  const url = useMemo(() => readCompaniesUrl(params), [params]);
  const list = useCompanyPage(url.filters, url.page);
  const data = list.data;
  const filters = useMemo(
    () => url.filters ?? data?.filters ?? DEFAULT_COMPANY_FILTERS,
    [url.filters, data?.filters],
  );
  const { closeFilter } = useShellPanels();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [stars, setStars] = useState<Record<string, boolean>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);

  useEffect(() => {
    document.title = 'Clients · AnalyticOwl';
  }, []);

  // The caller's saved filters, for a URL that carries none.
  const saved = useRef(data?.filters);
  saved.current = data?.filters;
  // Each change applies to the newest filters in the URL, so a sort clicked before a filter
  // change has re-rendered keeps that filter.
  const go = useCallback(
    (change: (current: CompanyFilters) => CompanyFilters, page = 1) =>
      setLatest((latest) => {
        const current =
          readCompaniesUrl(latest).filters ?? saved.current ?? DEFAULT_COMPANY_FILTERS;
        return writeCompaniesUrl(change(current), page);
      }),
    [setLatest],
  );

  // The search box: typed text waits SEARCH_DEBOUNCE_MS before it filters (spec §9).
  const [search, setSearch] = useState(filters.search ?? '');
  const applied = filters.search ?? '';
  useEffect(() => setSearch(applied), [applied]);
  useEffect(() => {
    if (search.trim() === applied.trim()) return;
    const timer = setTimeout(() => {
      go((current) => {
        const next = { ...current };
        if (search.trim()) next.search = search.trim();
        else delete next.search;
        return next;
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, applied, go]);

  const rows = useMemo(
    () =>
      (data?.clients ?? []).map((c) =>
        c.client_uid in stars ? { ...c, is_favorite: stars[c.client_uid] === true } : c,
      ),
    [data?.clients, stars],
  );

  const onFavorite = useCallback(
    async (row: CompanyRow) => {
      const added = !row.is_favorite;
      setNotice(null);
      setStars((s) => ({ ...s, [row.client_uid]: added }));
      try {
        await saveFavorite(row.client_uid, added);
        await list.mutate();
      } catch (error) {
        setStars((s) => ({ ...s, [row.client_uid]: !added }));
        setNotice(
          `${row.client_name} was not ${added ? 'starred' : 'unstarred'}: ${errorMessage(error)}`,
        );
      }
    },
    [list.mutate],
  );
  // A fresh page from the server is the truth again: drop the optimistic stars.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on new server data only.
  useEffect(() => setStars({}), [data]);

  const onSort = useCallback(
    (field: CompanySortField, desc: boolean) =>
      go((current) => ({ ...current, sort_field: field, sort_desc: desc })),
    [go],
  );
  const onToggleExpand = useCallback(
    (uid: string) => setExpanded((open) => (open === uid ? null : uid)),
    [],
  );
  const onEdit = useCallback((row: CompanyRow) => setDialog({ kind: 'edit', row }), []);
  const onHelp = useCallback((row: CompanyRow) => setDialog({ kind: 'help', row }), []);
  const onLocations = useCallback((row: CompanyRow) => setDialog({ kind: 'locations', row }), []);
  const onCreate = () => setDialog({ kind: 'create' });

  const total = data?.total_clients ?? 0;
  const lists = data ?? EMPTY_LISTS;
  const canCreate = data?.perms.create ?? false;

  let body: React.ReactNode;
  if (list.error && !data)
    body = (
      <StateMessage title="We couldn't load your clients." tone="error">
        <p>{GENERIC_ERROR_MESSAGE}</p>
        <button type="button" className="button" onClick={() => void list.mutate()}>
          Try again
        </button>
      </StateMessage>
    );
  else if (!data)
    body = (
      <p role="status" className={styles.loading}>
        Loading clients…
      </p>
    );
  else if (total === 0 && narrows(filters))
    body = (
      <StateMessage title="No clients match these filters">
        <p>Try fewer filters, or clear them to see every client.</p>
        <button type="button" className="button" onClick={() => go(clearedFilters)}>
          Clear filters
        </button>
      </StateMessage>
    );
  else if (total === 0)
    body = (
      <StateMessage title="No clients yet">
        <p>Create your first client, then upload its post-log to run a report.</p>
        {canCreate && <CreateClientButton onClick={onCreate} />}
      </StateMessage>
    );
  else
    body = (
      <>
        <div aria-busy={list.isValidating || undefined}>
          <CompanyTable
            rows={rows}
            sortField={filters.sort_field ?? 'created_date'}
            sortDesc={filters.sort_desc ?? false}
            onSort={onSort}
            expanded={expanded}
            onToggleExpand={onToggleExpand}
            renderExpanded={(row) => (
              <CompanyBreakdown clientUid={row.client_uid} clientName={row.client_name} />
            )}
            onFavorite={onFavorite}
            onLocations={LocationsDialog ? onLocations : undefined}
            onEdit={onEdit}
            onHelp={onHelp}
          />
        </div>
        <CompanyPager
          page={data.page ?? url.page}
          pageSize={data.page_size ?? COMPANIES_PAGE_SIZE}
          total={total}
          onPage={(p) => go((current) => current, p)}
        />
      </>
    );

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>Clients</h1>
        <div className={styles.toolbar}>
          <label className={styles.search}>
            <span className="visually-hidden">Search clients</span>
            <input
              type="search"
              className="input"
              placeholder="Search clients"
              value={search}
              maxLength={100}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
          <label className={styles.phoneSort}>
            <span className="visually-hidden">Sort clients by</span>
            <select
              className="input"
              value={`${filters.sort_field ?? 'created_date'}.${filters.sort_desc ? 'desc' : 'asc'}`}
              onChange={(e) => {
                const [field, dir] = e.target.value.split('.');
                onSort(field as CompanySortField, dir === 'desc');
              }}
            >
              {SORT_CHOICES.map(([field, label]) => (
                <Fragment key={field}>
                  <option value={`${field}.asc`}>{label}, ascending</option>
                  <option value={`${field}.desc`}>{label}, descending</option>
                </Fragment>
              ))}
            </select>
          </label>
          {data?.perms.merge && (
            <button type="button" className="button" onClick={() => setDialog({ kind: 'merge' })}>
              Merge duplicates
            </button>
          )}
          {canCreate && <CreateClientButton onClick={onCreate} />}
        </div>
      </div>
      {notice && (
        <p role="alert" className={styles.error}>
          {notice}
        </p>
      )}
      <p role="status" className={status ? styles.ok : 'visually-hidden'}>
        {status}
      </p>
      {body}
      <ShellFilterPanel title="Filter clients">
        <CompanyFilterForm
          filters={filters}
          lists={lists}
          onApply={(next) => {
            go(() => next);
            // On a phone the panel is a full-screen sheet over the list: show the result.
            if (window.matchMedia?.('(max-width: 640px)').matches) closeFilter();
          }}
          onSaveDefault={async (next) => {
            await saveFilters(next).catch((error: unknown) => {
              throw new Error(errorMessage(error));
            });
            go(() => next);
          }}
        />
      </ShellFilterPanel>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <ClientDialog
          clientUid={dialog.kind === 'edit' ? dialog.row.client_uid : undefined}
          organizations={lists.organization_list}
          onClose={() => setDialog(null)}
          onSaved={(info, created) => {
            setDialog(null);
            setNotice(null);
            void list.mutate();
            if (created) setStatus(`${info.name} is created.`);
            else setStatus(`${info.name} is saved.`);
          }}
        />
      )}
      {dialog?.kind === 'merge' && (
        <MergeDialog
          onClose={() => setDialog(null)}
          onMerged={() => {
            setStatus('');
            void list.mutate();
          }}
        />
      )}
      {dialog?.kind === 'help' && (
        <HelpDialog
          clientUid={dialog.row.client_uid}
          clientName={dialog.row.client_name}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'locations' && LocationsDialog && (
        <LocationsDialog
          clientUid={dialog.row.client_uid}
          clientName={dialog.row.client_name}
          open
          onClose={() => {
            setDialog(null);
            void list.mutate();
          }}
        />
      )}
    </div>
  );
}
