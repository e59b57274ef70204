import { ContactForm } from '../contact-form';
import { PageHero } from '../site-parts';

/**
 * contact-us (spec §2, also reached as sign-up, subscribe and contact): who we are for and the
 * contact form (subject "Help Me Sign Up" by default; spec §4 "Contact form").
 */
export function ContactPage() {
  return (
    <>
      <PageHero title="Contact Us">
        <p>
          Tell us about your stations or your campaign. A person from our team answers within one
          business day: setting up attribution, reading a report, pricing, or a demo.
        </p>
      </PageHero>
      <section className="site-section">
        <ContactForm />
      </section>
    </>
  );
}
