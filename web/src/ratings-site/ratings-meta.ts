import { useEffect } from 'react';
import { BRANDS, type BrandMeta } from '#shared/brands';

/**
 * Page metadata of the ratings site (spec §2 "Page title and meta tags are set from route
 * metadata at each navigation"; the second brand's metadata set in layers/shared/brands.ts).
 */

/** The ratings brand's metadata entry for a key; unknown keys get the home entry. */
export function ratingsMeta(key: string): BrandMeta {
  const { metadata } = BRANDS.ratings;
  return metadata[key] ?? (metadata.home as BrandMeta);
}

/** Sets `document.title` and the description meta tag (created when missing). */
export function applyMeta(meta: BrandMeta): void {
  document.title = meta.title;
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = meta.description;
}

/**
 * Sets the page's title and description from the brand's metadata `key`, or from `own` (a page
 * whose title names its data, e.g. a station's call sign) once it is known.
 */
export function useRatingsMeta(key: string, own?: BrandMeta | null): void {
  const title = own?.title;
  const description = own?.description;
  useEffect(() => {
    const base = ratingsMeta(key);
    applyMeta({ title: title ?? base.title, description: description ?? base.description });
  }, [key, title, description]);
}
