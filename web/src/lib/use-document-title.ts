import { useEffect } from 'react';

/** Sets the tab title. The product's own name is never shown: titles name the page and organization. */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const title = parts.filter(Boolean).join(' · ');
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
