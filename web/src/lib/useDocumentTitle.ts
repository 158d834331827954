import { useEffect } from 'react';

const SITE_NAME = 'Mudanzas';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  }, [title]);
}
