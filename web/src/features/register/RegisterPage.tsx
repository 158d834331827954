import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowLeftIcon, BoxIcon, CheckCircleIcon, LockIcon, MailIcon } from '../../components/icons';
import { PasswordInput } from '../../components/PasswordInput';
import { register, type User } from '../../lib/api';
import { rememberedReferral } from '../../lib/referral';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { formatPhone, MESSAGES, PHONE_HINT } from '../../lib/validation';
import { homePathFor } from '../../lib/access';
import { useAuthStore } from '../../lib/useAuthStore';
import { useLoginModalStore } from '../../lib/useLoginModalStore';
import { ErrorToast, type ToastMessage } from './ErrorToast';
import { StrengthMeter } from '../../components/StrengthMeter';
import { describedBy, FieldError, TextField } from './RegisterFields';
import { registerResponseError, registerThrownError } from './registerErrors';
import { useRegistrationStore } from '../../lib/useRegistrationStore';
import {
  canAdvance,
  canRegister,
  EMPTY_FORM,
  fieldError,
  fieldsOf,
  firstInvalidStep,
  formErrors,
  STEPS,
  stepErrors,
  toRegisterRequest,
  withAddress,
  type PlaceEdited,
  type RegisterField,
  type RegisterForm,
  type Step,
} from './wizard';
import './RegisterPage.css';

/** §8. */
export const REGISTRATION_SUCCESS = '¡Registro completado exitosamente!';

const FIELD_IDS: Record<RegisterField, string> = {
  fullName: 'registro-nombre',
  email: 'registro-email',
  phone: 'registro-telefono',
  address: 'registro-direccion',
  city: 'registro-ciudad',
  postalCode: 'registro-codigo-postal',
  password: 'registro-password',
  confirmPassword: 'registro-password-confirmacion',
  acceptTerms: 'registro-condiciones',
};

function focusField(field: RegisterField) {
  document.getElementById(FIELD_IDS[field])?.focus();
}

function StepProgress({ step }: { step: Step }) {
  return (
    <nav className="register-progress" aria-label="Progreso del registro">
      <p className="register-progress__count">
        Paso {step} de {STEPS.length}
      </p>
      <ol className="register-progress__list">
        {STEPS.map((s) => {
          const state = s.step < step ? 'done' : s.step === step ? 'current' : 'todo';
          return (
            <li
              key={s.step}
              className={`register-progress__item is-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="register-progress__dot" aria-hidden="true">
                {state === 'done' ? '✓' : s.step}
              </span>
              <span className="register-progress__title">
                {s.title}
                {state === 'done' && <span className="sr-only"> (completado)</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="register-progress__bar" aria-hidden="true">
        <span style={{ width: `${((step - 1) / (STEPS.length - 1)) * 100}%` }} />
      </div>
    </nav>
  );
}

type Direction = 'none' | 'forward' | 'backward';

function RegisterWizard({ onRegistered }: { onRegistered: () => void }) {
  const navigate = useNavigate();
  const setUser = useAuthStore((s) => s.setUser);
  const setRegistration = useRegistrationStore((s) => s.setRegistration);
  const openLoginModal = useLoginModalStore((s) => s.openLoginModal);

  const [form, setForm] = useState<RegisterForm>(EMPTY_FORM);
  const [touched, setTouched] = useState<Partial<Record<RegisterField, boolean>>>({});
  const [placeEdited, setPlaceEdited] = useState<PlaceEdited>({ city: false, postalCode: false });
  const [step, setStep] = useState<Step>(1);
  const [direction, setDirection] = useState<Direction>('none');
  const [submitting, setSubmitting] = useState(false);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const toastId = useRef(0);
  // Which field to focus once the step holding it is on screen.
  const pendingFocus = useRef<RegisterField | null>(null);

  const showToast = (text: string) => {
    toastId.current += 1;
    setToast({ id: toastId.current, text });
  };
  const closeToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    if (pendingFocus.current) {
      focusField(pendingFocus.current);
      pendingFocus.current = null;
    }
  }, [step]);

  const update = <K extends RegisterField>(field: K, value: RegisterForm[K]) =>
    setForm((f) => ({ ...f, [field]: value }));
  const touch = (field: RegisterField) => setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
  const errorOf = (field: RegisterField) => (touched[field] ? fieldError(field, form) : null);

  const goTo = (next: Step, focus: RegisterField) => {
    setDirection(next > step ? 'forward' : 'backward');
    pendingFocus.current = focus;
    setStep(next);
  };

  const next = () => {
    if (canAdvance(step, form)) {
      goTo((step + 1) as Step, fieldsOf((step + 1) as Step)[0]!);
      return;
    }
    const errors = stepErrors(step, form);
    setTouched((t) => ({ ...t, ...Object.fromEntries(fieldsOf(step).map((f) => [f, true])) }));
    const first = fieldsOf(step).find((f) => errors[f]);
    if (first) focusField(first);
  };

  const back = () => {
    if (step > 1) goTo((step - 1) as Step, fieldsOf((step - 1) as Step)[0]!);
  };

  const submit = async () => {
    const errors = formErrors(form);
    const invalid = (Object.keys(errors) as RegisterField[])[0];
    if (invalid) {
      setTouched(Object.fromEntries(Object.keys(FIELD_IDS).map((f) => [f, true])));
      showToast(MESSAGES.formInvalid);
      const target = firstInvalidStep(form)!;
      if (target !== step) goTo(target, invalid);
      else focusField(invalid);
      return;
    }

    setSubmitting(true);
    setToast(null);
    const request = toRegisterRequest(form, rememberedReferral());
    try {
      const response = await register(request);
      const user = response.body?.user;
      if (response.ok && user) {
        setRegistration(
          { email: user.email ?? '', fullName: request.fullName, phone: request.phone, address: request.address },
          { expira_en: response.body?.expira_en, reenviar_en: response.body?.reenviar_en },
        );
        // Before setUser: the page must not swap to the "already registered" view on the way out.
        onRegistered();
        setUser(user);
        navigate('/confirmar-email');
        return;
      }
      showToast(registerResponseError(response));
    } catch (error) {
      showToast(registerThrownError(error));
    }
    setSubmitting(false);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (step < 3) next();
    else void submit();
  };

  const passwordError = errorOf('password');
  const confirmError = errorOf('confirmPassword');
  const termsError = errorOf('acceptTerms');

  return (
    <div className="register__card">
      <div className="register__header">
        <h1 className="register__title">Crear cuenta</h1>
        <p className="register__subtitle">Regístrate en tres pasos para seguir tus mudanzas y gestionar tu perfil.</p>
      </div>

      <StepProgress step={step} />

      <form className="form register__form" noValidate onSubmit={handleSubmit} aria-busy={submitting}>
        <div className="register__viewport">
          <fieldset key={step} className={`register__panel register__panel--${direction}`} disabled={submitting}>
            <legend className="register__legend">{STEPS[step - 1]!.title}</legend>

            {step === 1 && (
              <TextField
                id={FIELD_IDS.fullName}
                label="Nombre completo"
                value={form.fullName}
                onChange={(v) => update('fullName', v)}
                onBlur={() => touch('fullName')}
                error={errorOf('fullName')}
                autoComplete="name"
                placeholder="Ej.: María García López"
              />
            )}

            {step === 2 && (
              <>
                <TextField
                  id={FIELD_IDS.email}
                  label="Email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="tu@email.com"
                  value={form.email}
                  onChange={(v) => update('email', v)}
                  onBlur={() => touch('email')}
                  error={errorOf('email')}
                />
                <TextField
                  id={FIELD_IDS.phone}
                  label="Teléfono"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="612 345 678"
                  value={form.phone}
                  onChange={(v) => update('phone', formatPhone(v))}
                  onBlur={() => touch('phone')}
                  error={errorOf('phone')}
                  hint={PHONE_HINT}
                />
                <TextField
                  id={FIELD_IDS.address}
                  label="Dirección"
                  autoComplete="street-address"
                  placeholder="Calle, número, piso, código postal y ciudad"
                  value={form.address}
                  onChange={(v) => setForm((f) => withAddress(f, v, placeEdited))}
                  onBlur={() => touch('address')}
                  error={errorOf('address')}
                  hint="Si escribes el código postal y la ciudad (…, 28013 Madrid), rellenamos los campos de abajo."
                />
                <div className="register__row">
                  <TextField
                    id={FIELD_IDS.city}
                    label="Ciudad"
                    autoComplete="address-level2"
                    value={form.city}
                    onChange={(v) => {
                      setPlaceEdited((e) => ({ ...e, city: true }));
                      update('city', v);
                    }}
                    onBlur={() => touch('city')}
                    error={errorOf('city')}
                  />
                  <TextField
                    id={FIELD_IDS.postalCode}
                    label="Código postal"
                    inputMode="numeric"
                    autoComplete="postal-code"
                    value={form.postalCode}
                    onChange={(v) => {
                      setPlaceEdited((e) => ({ ...e, postalCode: true }));
                      update('postalCode', v);
                    }}
                    onBlur={() => touch('postalCode')}
                    error={errorOf('postalCode')}
                    hint="5 dígitos"
                  />
                </div>
              </>
            )}

            {step === 3 && (
              <>
                <div className="form__field">
                  <label className="form__label" htmlFor={FIELD_IDS.password}>
                    Contraseña
                  </label>
                  <PasswordInput
                    id={FIELD_IDS.password}
                    value={form.password}
                    onChange={(v) => update('password', v)}
                    onBlur={() => touch('password')}
                    autoComplete="new-password"
                    placeholder="Mínimo 8 caracteres"
                    invalid={Boolean(passwordError)}
                    describedBy={`${describedBy(FIELD_IDS.password, !passwordError, Boolean(passwordError))} ${FIELD_IDS.password}-strength`}
                  />
                  {/* The rule itself is the error text; shown once, as a hint until it is an error. */}
                  {!passwordError && (
                    <p id={`${FIELD_IDS.password}-hint`} className="register__hint">
                      {MESSAGES.password}.
                    </p>
                  )}
                  <StrengthMeter id={`${FIELD_IDS.password}-strength`} password={form.password} />
                  <FieldError id={FIELD_IDS.password} error={passwordError} />
                </div>

                <div className="form__field">
                  <label className="form__label" htmlFor={FIELD_IDS.confirmPassword}>
                    Confirmar contraseña
                  </label>
                  <PasswordInput
                    id={FIELD_IDS.confirmPassword}
                    value={form.confirmPassword}
                    onChange={(v) => update('confirmPassword', v)}
                    onBlur={() => touch('confirmPassword')}
                    autoComplete="new-password"
                    placeholder="Repite la contraseña"
                    invalid={Boolean(confirmError)}
                    describedBy={describedBy(FIELD_IDS.confirmPassword, false, Boolean(confirmError))}
                  />
                  <FieldError id={FIELD_IDS.confirmPassword} error={confirmError} />
                </div>

                <div className="form__field">
                  <div className="register__consent">
                    <input
                      id={FIELD_IDS.acceptTerms}
                      type="checkbox"
                      checked={form.acceptTerms}
                      required
                      aria-invalid={termsError ? true : undefined}
                      aria-describedby={describedBy(FIELD_IDS.acceptTerms, false, Boolean(termsError))}
                      onChange={(e) => {
                        update('acceptTerms', e.target.checked);
                        touch('acceptTerms');
                      }}
                    />
                    <label htmlFor={FIELD_IDS.acceptTerms}>
                      He leído y acepto las{' '}
                      <a href="/condiciones-uso" target="_blank" rel="noopener">
                        condiciones de uso
                      </a>{' '}
                      y la{' '}
                      <a href="/politica-privacidad" target="_blank" rel="noopener">
                        política de privacidad
                      </a>
                      .
                    </label>
                  </div>
                  <FieldError id={FIELD_IDS.acceptTerms} error={termsError} />
                </div>
              </>
            )}
          </fieldset>
        </div>

        <div className="register__actions">
          {step > 1 && (
            <button type="button" className="button button--ghost" onClick={back} disabled={submitting}>
              <ArrowLeftIcon width={18} height={18} />
              Atrás
            </button>
          )}
          {step < 3 ? (
            <button type="submit" className="button button--primary register__next">
              Siguiente
            </button>
          ) : (
            <button
              type="submit"
              className="button button--primary register__next"
              disabled={submitting || !canRegister(form)}
            >
              {submitting ? 'Creando cuenta...' : 'Crear cuenta'}
            </button>
          )}
        </div>
      </form>

      <div className="register__login">
        <span>¿Ya tienes cuenta?</span>
        <button type="button" className="button button--outline" onClick={openLoginModal}>
          Inicia sesión
        </button>
      </div>

      <Link to="/" className="register__skip">
        Ahora no, volver al inicio
      </Link>

      <ErrorToast toast={toast} onClose={closeToast} />
    </div>
  );
}

function RegisteredView({ user }: { user: User }) {
  const area = homePathFor(user);
  return (
    <div className="register__card register__done">
      <CheckCircleIcon className="register__done-icon" width={56} height={56} />
      <h1 className="register__title">{REGISTRATION_SUCCESS}</h1>
      {user.isUserEmailConfirmed ? (
        <p className="register__subtitle">Ya tienes una cuenta activa con {user.email}.</p>
      ) : (
        <p className="register__subtitle">
          Confirma tu email ({user.email}) con el código de 6 dígitos que te hemos enviado para ver tus mudanzas.
        </p>
      )}
      <div className="register__done-actions">
        {!user.isUserEmailConfirmed && (
          <Link to="/confirmar-email" className="button button--primary">
            Confirmar mi email
          </Link>
        )}
        <Link to={area} className={`button ${user.isUserEmailConfirmed ? 'button--primary' : 'button--ghost'}`}>
          {user.role === 'cliente' ? 'Ir a mi área de cliente' : 'Ir a mi panel'}
        </Link>
      </div>
    </div>
  );
}

const BENEFITS = [
  { icon: BoxIcon, text: 'Consulta el estado de tus mudanzas y sus fotos' },
  { icon: MailIcon, text: 'Descarga tus albaranes cuando los necesites' },
  { icon: LockIcon, text: 'Tus datos protegidos y bajo tu control' },
] as const;

export function RegisterPage() {
  useDocumentTitle('Crear cuenta');
  const user = useAuthStore((s) => s.user);
  // Set by our own successful registration: the user appears in the store just before the page
  // navigates to /confirmar-email, and must not see the "already registered" view meanwhile.
  const [justRegistered, setJustRegistered] = useState(false);
  const onRegistered = useCallback(() => setJustRegistered(true), []);

  return (
    <section className="register">
      <div className="container register__layout">
        <aside className="register__aside" aria-label="Ventajas de tener cuenta">
          <p className="register__aside-title">Tu mudanza, bajo control</p>
          <ul className="register__benefits">
            {BENEFITS.map(({ icon: Icon, text }) => (
              <li key={text}>
                <Icon width={22} height={22} />
                {text}
              </li>
            ))}
          </ul>
        </aside>

        <div className="register__main">
          {user && !justRegistered ? <RegisteredView user={user} /> : <RegisterWizard onRegistered={onRegistered} />}

          <nav className="register__legal" aria-label="Información legal">
            <Link to="/condiciones-uso">Condiciones de uso</Link>
            <span aria-hidden="true">·</span>
            <Link to="/politica-privacidad">Política de privacidad</Link>
          </nav>
        </div>
      </div>
    </section>
  );
}
