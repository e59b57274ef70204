import styles from './companies.module.css';

/** Props of {@link CompanyPager}. */
export interface CompanyPagerProps {
  /** The page shown, from 1. */
  page: number;
  /** Clients per page (the server's page size). */
  pageSize: number;
  /** Clients matching the filters, over all pages. */
  total: number;
  /** Go to another page (from 1). */
  onPage: (page: number) => void;
}

/** The paging bar under the client list: "11-20 of 42", Prev and Next. */
export function CompanyPager({ page, pageSize, total, onPage }: CompanyPagerProps) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className={styles.pager} aria-label="Pages of clients">
      <p className={styles.range} aria-live="polite">
        {first}-{last} of {total}
      </p>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Prev
      </button>
      <button
        type="button"
        className="button"
        disabled={last >= total}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
