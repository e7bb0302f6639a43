// Sets the page's title, meta description and Open Graph tags while a marketing page is shown,
// and puts back what was there before when it goes away.
import { useEffect } from 'react';
import ogImage from '../../assets/og-image.jpg';

export interface PageMeta {
  title: string;
  description: string;
  type?: 'website' | 'article';
  locale?: string;
}

const SITE = 'Guestmap';

function upsert(attr: 'name' | 'property', key: string, content: string): () => void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  const created = !el;
  const previous = el?.getAttribute('content') ?? null;
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
  const node = el;
  return () => {
    if (created) node.remove();
    else if (previous !== null) node.setAttribute('content', previous);
  };
}

/** An absolute URL (Open Graph needs one); the bundler gives the asset's URL on this remote's origin. */
export function absoluteUrl(url: string): string {
  try {
    return new URL(url, document.baseURI).href;
  } catch {
    return url;
  }
}

export function usePageMeta({ title, description, type = 'website', locale }: PageMeta): void {
  useEffect(() => {
    const fullTitle = title.includes(SITE) ? title : `${title} · ${SITE}`;
    const previousTitle = document.title;
    document.title = fullTitle;
    const undo = [
      upsert('name', 'description', description),
      upsert('property', 'og:title', fullTitle),
      upsert('property', 'og:description', description),
      upsert('property', 'og:type', type),
      upsert('property', 'og:image', absoluteUrl(ogImage)),
      upsert('property', 'og:site_name', SITE),
      upsert('property', 'og:url', window.location.origin + window.location.pathname),
      ...(locale ? [upsert('property', 'og:locale', locale.replace('-', '_'))] : []),
      upsert('name', 'twitter:card', 'summary_large_image'),
    ];
    return () => {
      document.title = previousTitle;
      undo.reverse().forEach((u) => u());
    };
  }, [title, description, type, locale]);
}
