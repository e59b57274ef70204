import { HomeButton, PageHero, SiteSection } from '../site-parts';
import { PRODUCT_SECTIONS } from './products-content';

/**
 * The products page (spec §2 "products"): ten sections (benchmarks, calculator, optimize, pro,
 * foottraffic, digital, creative, leads, websites, trusted), each with a button to home.
 */
export function ProductsPage() {
  return (
    <>
      <PageHero title="Products">
        <p>
          From category benchmarks to airing-by-airing response, everything AnalyticOwl offers
          starts with the same measurement: the visits your ads bring.
        </p>
      </PageHero>
      <nav aria-label="On this page" className="site-jumps">
        {PRODUCT_SECTIONS.map((section) => (
          <a key={section.id} href={`#${section.id}`}>
            {section.title}
          </a>
        ))}
      </nav>
      {PRODUCT_SECTIONS.map((section) => (
        <SiteSection
          key={section.id}
          id={section.id}
          title={section.title}
          action={<HomeButton>{section.cta}</HomeButton>}
        >
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </SiteSection>
      ))}
    </>
  );
}
