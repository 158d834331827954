import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon, CheckCircleIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { CONTACT_PREFERENCES, labelOf } from '../../lib/moveOptions';
import { AddressesSlide } from './AddressesSlide';
import { LAST_STEP, QUOTE_MESSAGES, STEPS, stepWarning, type Step } from './calculator';
import { ObjectsSlide } from './ObjectsSlide';
import { PropertiesSlide } from './PropertiesSlide';
import { ScheduleSlide } from './ScheduleSlide';
import { ServicesSlide } from './ServicesSlide';
import { SummarySlide } from './SummarySlide';
import { usePriceFinderStore } from './usePriceFinderStore';
import './PriceFinderPage.css';

/** What each slide asks, under its heading. */
const INTROS: Record<Step, string> = {
  1: '¿Desde dónde y hasta dónde te mudas? Calculamos la ruta en cuanto terminas de escribir.',
  2: 'Cuéntanos cómo son las dos viviendas: la planta, el ascensor y el acceso cambian el trabajo.',
  3: 'Elige lo que vamos a llevar, por categorías o con el buscador, o un pack de oferta.',
  4: 'Añade los servicios que necesites. Todos son opcionales.',
  5: '¿Cuándo quieres mudarte y cómo prefieres que te contactemos?',
  6: 'Revisa tu mudanza, mira el precio desglosado y pide tu presupuesto definitivo.',
};

const SLIDES: Record<Step, () => React.JSX.Element> = {
  1: AddressesSlide,
  2: PropertiesSlide,
  3: ObjectsSlide,
  4: ServicesSlide,
  5: ScheduleSlide,
  6: SummarySlide,
};

function Progress({ step }: { step: Step }) {
  return (
    <nav className="pf-progress" aria-label="Progreso del buscador">
      <p className="pf-progress__count">
        Paso {step} de {STEPS.length}
        <span className="pf-progress__current" aria-hidden="true">
          {' · '}
          {STEPS[step - 1]!.title}
        </span>
      </p>
      <ol className="pf-progress__list">
        {STEPS.map((s) => {
          const state = s.step < step ? 'done' : s.step === step ? 'current' : 'todo';
          return (
            <li
              key={s.step}
              className={`pf-progress__item is-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="pf-progress__dot" aria-hidden="true">
                {state === 'done' ? '✓' : s.step}
              </span>
              <span className="pf-progress__title">
                {s.title}
                {state === 'done' && <span className="sr-only"> (completado)</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="pf-progress__bar" aria-hidden="true">
        <span style={{ width: `${((step - 1) / (STEPS.length - 1)) * 100}%` }} />
      </div>
    </nav>
  );
}

function SentView() {
  const quote = usePriceFinderStore((s) => s.quote);
  const email = usePriceFinderStore((s) => s.contact.email.trim());
  const preference = usePriceFinderStore((s) => s.contactPreference);
  const reset = usePriceFinderStore((s) => s.reset);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="pf-card pf-sent">
      <CheckCircleIcon className="pf-sent__icon" width={56} height={56} />
      <h2 ref={headingRef} tabIndex={-1} className="pf-sent__title">
        {QUOTE_MESSAGES.sent}
      </h2>
      <p>
        Te responderemos en menos de 24 horas por {labelOf(CONTACT_PREFERENCES, preference).toLowerCase()}.
        {email && ` Te hemos enviado un email de confirmación a ${email}.`}
      </p>
      {quote.status === 'sent' && quote.reference && (
        <p className="pf-muted">
          Referencia de tu solicitud: <strong>{quote.reference}</strong>
        </p>
      )}
      <div className="pf-sent__actions">
        <Link to="/" className="button button--ghost">
          Volver al inicio
        </Link>
        <button type="button" className="button button--primary" onClick={reset}>
          Calcular otra mudanza
        </button>
      </div>
    </div>
  );
}

/** /buscador-precios: the six slides of the calculator (§2, §4), then the success view. */
export function PriceFinderPage() {
  useDocumentTitle('Buscador de precios');
  const step = usePriceFinderStore((s) => s.step);
  const sent = usePriceFinderStore((s) => s.quote.status === 'sent');
  const rule = usePriceFinderStore((s) => stepWarning(s.step, s));
  const typedAnAddress = usePriceFinderStore((s) => s.origin.address !== '' || s.destination.address !== '');
  const [triedToContinue, setTriedToContinue] = useState(false);
  // "Calcular otra mudanza" starts over: untouched again.
  const [wasSent, setWasSent] = useState(sent);
  if (wasSent !== sent) {
    setWasSent(sent);
    setTriedToContinue(false);
  }
  // A visitor who has typed nothing yet has done nothing wrong: the address warning waits for the
  // first keystroke or a press of Siguiente.
  const warning = step === 1 && !typedAnAddress && !triedToContinue ? null : rule;
  const goTo = usePriceFinderStore((s) => s.goTo);
  const reset = usePriceFinderStore((s) => s.reset);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // Keyboard and screen-reader users land on the new slide's heading, not on the button they
  // pressed. Only on a change of slide: not when the page opens (nor on React's repeated effects).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [step]);

  // A request already sent is not shown again on the next visit.
  useEffect(
    () => () => {
      if (usePriceFinderStore.getState().quote.status === 'sent') reset();
    },
    [reset],
  );

  const Slide = SLIDES[step];
  const title = STEPS[step - 1]!.title;

  return (
    <section className="pf">
      <div className="container pf__layout">
        <header className="pf__header">
          <h1 className="pf__title">Buscador de precios</h1>
          <p className="pf__subtitle">
            Calcula en seis pasos el precio orientativo de tu mudanza, con todo desglosado.
          </p>
        </header>

        {sent ? (
          <SentView />
        ) : (
          <div className="pf-card">
            <Progress step={step} />
            <section className="pf-slide" key={step} aria-labelledby="pf-slide-title">
              <h2 id="pf-slide-title" ref={headingRef} tabIndex={-1} className="pf-slide__title">
                <span className="sr-only">Paso {step}: </span>
                {title}
              </h2>
              <p className="pf-slide__intro">{INTROS[step]}</p>
              <Slide />
            </section>

            {step < LAST_STEP && warning && (
              <p id="pf-aviso" className="pf-step-warning">
                {warning}
              </p>
            )}

            <div className="pf-nav">
              {step > 1 && (
                <button type="button" className="button button--ghost" onClick={() => goTo((step - 1) as Step)}>
                  <ArrowLeftIcon width={18} height={18} />
                  Anterior
                </button>
              )}
              {step < LAST_STEP && (
                <button
                  type="button"
                  className="button button--primary pf-nav__next"
                  disabled={warning !== null}
                  aria-describedby={warning ? 'pf-aviso' : undefined}
                  onClick={() => {
                    if (rule === null) {
                      goTo((step + 1) as Step);
                      return;
                    }
                    setTriedToContinue(true);
                    document.getElementById('pf-origen')?.focus();
                  }}
                >
                  Siguiente
                </button>
              )}
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
