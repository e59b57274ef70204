import { Link } from 'react-router-dom';

/** The unknown-route page (spec §2 "/404", §8 "Unknown route"). */
export function SiteNotFound() {
  return (
    <section className="site-section site-notfound">
      <h1>Sorry! What you are looking for isn't available.</h1>
      <p>
        The page may have moved. Try the <Link to="/">home page</Link>,{' '}
        <Link to="/products">our products</Link> or <Link to="/contact-us">contact us</Link>.
      </p>
    </section>
  );
}
