import { PageHero } from '../site/site-parts';
import styles from './calculator.module.css';
import { CalculatorPage } from './calculator-page';

/**
 * The public calculator (/calculator): sample ratings only, marked so, and no save (a visitor
 * has no client). Loaded on first visit, so the home page's bundle does not carry it.
 */
export function SiteCalculatorPage() {
  return (
    <>
      <PageHero title="Acquisition calculator">
        <p>
          Plan a month of radio and TV: what a budget buys, the visits it should bring, the budget a
          goal needs and the return it earns, from response ratings of real advertisers' airings.
        </p>
      </PageHero>
      <div className={styles.siteBody}>
        <CalculatorPage
          daypartsLocked
          banner={
            <p className={styles.sample} role="note">
              <strong>Sample ratings</strong>: sign up to plan with real ones.{' '}
              <a href="/register">Create an account</a>
            </p>
          }
        />
      </div>
    </>
  );
}
