import type { ReactNode } from 'react';
import './ContentHero.css';

interface ContentHeroProps {
  /** The id the page's section uses for aria-labelledby. */
  titleId: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** The blue band that opens the content pages (FAQ, reviews, legal texts): one h1 and its lead. */
export function ContentHero({ titleId, eyebrow, title, children }: ContentHeroProps) {
  return (
    <div className="content-hero">
      <div className="container content-hero__inner">
        {eyebrow && <p className="content-hero__eyebrow">{eyebrow}</p>}
        <h1 id={titleId} className="content-hero__title">
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}
