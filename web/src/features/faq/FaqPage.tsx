import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ContentHero } from '../../components/ContentHero';
import { SearchIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { FAQ_CATEGORIES, type FaqItem } from './faqData';
import { countLabel, filterFaq } from './filterFaq';
import './FaqPage.css';

function ChevronIcon() {
  return (
    <svg className="faq-item__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M6 9l6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface FaqEntryProps {
  item: FaqItem;
  open: boolean;
  onToggle: (id: string) => void;
}

function FaqEntry({ item, open, onToggle }: FaqEntryProps) {
  const buttonId = `faq-q-${item.id}`;
  const panelId = `faq-a-${item.id}`;
  return (
    <li className={`faq-item${open ? ' is-open' : ''}`}>
      <h3 className="faq-item__heading">
        <button
          type="button"
          id={buttonId}
          className="faq-item__button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => onToggle(item.id)}
        >
          <span>{item.question}</span>
          <ChevronIcon />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="faq-item__panel" hidden={!open}>
        {item.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {item.link && (
          <p>
            <Link to={item.link.to} className="faq-item__link">
              {item.link.label}
            </Link>
          </p>
        )}
      </div>
    </li>
  );
}

export function FaqPage() {
  useDocumentTitle('Preguntas frecuentes');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const searchId = useId();
  const countId = useId();
  const result = useMemo(() => filterFaq(FAQ_CATEGORIES, query), [query]);
  const searching = query.trim() !== '';

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="faq-page">
      <ContentHero titleId="faq-title" eyebrow="Centro de ayuda" title="Preguntas frecuentes">
        <p className="content-hero__lead">
          Reservas, precios, cancelaciones, seguro y todo lo que suele preguntarse antes de una mudanza.
        </p>
      </ContentHero>

      <div className="container faq-page__body">
        <div role="search" className="faq-search">
          <label htmlFor={searchId} className="faq-search__label">
            Buscar en las preguntas frecuentes
          </label>
          <div className="faq-search__field">
            <SearchIcon className="faq-search__icon" />
            <input
              id={searchId}
              type="search"
              className="faq-search__input"
              placeholder="Por ejemplo: cancelación, seguro, horario…"
              value={query}
              autoComplete="off"
              aria-describedby={countId}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <p id={countId} className="faq-search__count" role="status" aria-live="polite">
            {countLabel(result.count, searching)}
          </p>
        </div>

        {result.count === 0 ? (
          <div className="faq-empty">
            <h2 className="faq-empty__title">No hay resultados</h2>
            <p>
              No hemos encontrado ninguna pregunta que coincida con «{query.trim()}». Prueba con otras palabras o
              pregúntanos directamente.
            </p>
            <button type="button" className="button button--outline" onClick={() => setQuery('')}>
              Ver todas las preguntas
            </button>
          </div>
        ) : (
          result.categories.map((category) => (
            <section key={category.id} className="faq-category" aria-labelledby={`faq-cat-${category.id}`}>
              <h2 id={`faq-cat-${category.id}`} className="faq-category__title">
                {category.title}
              </h2>
              <ul className="faq-list">
                {category.items.map((item) => (
                  <FaqEntry key={item.id} item={item} open={open.has(item.id)} onToggle={toggle} />
                ))}
              </ul>
            </section>
          ))
        )}

        <aside className="faq-help" aria-labelledby="faq-help-title">
          <h2 id="faq-help-title" className="faq-help__title">
            ¿No encuentras lo que buscas?
          </h2>
          <p>
            Escríbenos y te respondemos en menos de 24 horas. Atendemos de lunes a viernes de 8:00 a 21:00 y los sábados
            de 9:00 a 15:00.
          </p>
          <Link to="/contacto" className="button button--primary">
            Contactar con nosotros
          </Link>
        </aside>
      </div>
    </div>
  );
}
