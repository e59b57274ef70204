import styles from './ratings-site.module.css';

/**
 * What a ratings-site page shows while its top-ten lists are not there: an alert when loading
 * failed, a status line while they load. Used only while `error` is set or the data is missing.
 */
export function RatingsLoadNote({ error }: { error: unknown }) {
  return error ? (
    <p className={styles.empty} role="alert">
      The ratings could not be loaded. Please try again in a moment.
    </p>
  ) : (
    <p className={styles.empty} role="status">
      Loading the ratings…
    </p>
  );
}
