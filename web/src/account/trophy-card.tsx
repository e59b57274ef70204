import { useCompanies } from '../api/use-companies';
import styles from './account.module.css';
import { activityOf, TROPHY_RULE_TEXT, type TrophyLevel, trophyStanding } from './trophies';

const NAMES: Record<TrophyLevel, string> = { bronze: 'Bronze', silver: 'Silver', gold: 'Gold' };

/**
 * The profile trophy (spec §2 "profile trophy levels gold, silver, bronze"): the level held,
 * the counts it rests on, what the next level needs, and the rule, from the user's client list
 * (fetch_companies, the list the report screen loads).
 */
export function TrophyCard() {
  const companies = useCompanies();
  if (!companies.data) return null;
  const activity = activityOf(companies.data.clients);
  const standing = trophyStanding(activity);
  return (
    <section
      className={styles.trophy}
      data-level={standing.level ?? 'none'}
      aria-label="Your trophy"
    >
      <svg className={styles.trophyIcon} viewBox="0 0 32 32" aria-hidden="true">
        <path d="M9 2h5l3 8h-5zM23 2h-5l-3 8h5z" fill="#2a6f97" />
        <circle cx="16" cy="20" r="10" fill="currentColor" />
        <circle cx="16" cy="20" r="6.5" fill="none" stroke="#fff" strokeOpacity="0.6" />
      </svg>
      <div>
        <h3 className={styles.trophyLevel}>
          {standing.level ? `${NAMES[standing.level]} trophy` : 'No trophy yet'}
        </h3>
        <p className={styles.trophyCounts}>
          {activity.reported} {activity.reported === 1 ? 'client' : 'clients'} with a report ·{' '}
          {activity.connected} connected
        </p>
        {standing.next && (
          <p className={styles.trophyNext}>
            {NAMES[standing.next.level]} needs {standing.next.missing.join(' and ')}.
          </p>
        )}
        <p className={styles.muted}>{TROPHY_RULE_TEXT}</p>
      </div>
    </section>
  );
}
