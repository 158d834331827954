import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './UnderConstruction.css';

interface UnderConstructionProps {
  /** The page's Spanish name, shown as its heading. */
  title: string;
  /** Real content that already works on this page (e.g. the staff session panel). */
  children?: ReactNode;
}

/** Placeholder for pages that later work delivers: it names the page and claims nothing more. */
export function UnderConstruction({ title, children }: UnderConstructionProps) {
  useDocumentTitle(title);
  return (
    <section className="under-construction">
      <div className="container under-construction__inner">
        <h1 className="under-construction__title">{title}</h1>
        <p className="under-construction__badge">En construcción</p>
        {children}
      </div>
    </section>
  );
}
