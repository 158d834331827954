import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import * as api from '../../lib/api';
import type { User } from '../../lib/api';
import { showAlert } from '../../lib/browser';
import { formatPhone, NIF_HINT, PHONE_HINT } from '../../lib/validation';
import { useAuthStore } from '../../lib/useAuthStore';
import { useRegistrationStore } from '../../lib/useRegistrationStore';
import { DeleteAccountModal } from './DeleteAccountModal';
import { PasswordChangeModal } from './PasswordChangeModal';
import {
  profileError,
  profileFormFrom,
  resendError,
  PROFILE_MESSAGES,
  splitFullName,
  toProfileRequest,
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileForm,
} from './profile';

type Preference = 'email_alerts' | 'sms_alerts' | 'marketing';

/** §3 preferences: each toggle is bound to its own field and sent as its own field. */
const PREFERENCES: readonly { key: Preference; label: string; hint: string }[] = [
  { key: 'email_alerts', label: 'Notificaciones por email', hint: 'Avisos sobre tus mudanzas y presupuestos.' },
  { key: 'sms_alerts', label: 'Notificaciones por SMS', hint: 'Recordatorios el día de la mudanza.' },
  { key: 'marketing', label: 'Comunicaciones comerciales', hint: 'Ofertas y novedades de la empresa.' },
];

const TEXT_FIELDS: readonly {
  key: Exclude<ProfileField, Preference>;
  label: string;
  autoComplete: string;
  type?: string;
  inputMode?: 'numeric' | 'tel';
  hint?: string;
  wide?: boolean;
}[] = [
  { key: 'nombre', label: 'Nombre', autoComplete: 'given-name' },
  { key: 'apellido', label: 'Apellidos', autoComplete: 'family-name' },
  { key: 'telefono', label: 'Teléfono', autoComplete: 'tel', type: 'tel', inputMode: 'tel', hint: PHONE_HINT },
  { key: 'direccion', label: 'Dirección', autoComplete: 'street-address', wide: true },
  { key: 'ciudad', label: 'Ciudad', autoComplete: 'address-level2' },
  {
    key: 'codigo_postal',
    label: 'Código postal',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    hint: '5 dígitos',
  },
  { key: 'nif', label: 'NIF/DNI', autoComplete: 'off', hint: NIF_HINT },
];

const NOT_GIVEN = 'Sin indicar';

function ProfileView({ user, onEdit }: { user: User; onEdit: () => void }) {
  const { nombre, apellido } = splitFullName(user.nombre);
  const form = profileFormFrom(user);
  const rows: [string, string][] = [
    ['Nombre', nombre],
    ['Apellidos', apellido],
    ['Email', user.email ?? ''],
    ['Teléfono', user.telefono],
    ['Dirección', user.direccion],
    ['Ciudad', user.ciudad],
    ['Código postal', user.codigo_postal],
    ['NIF/DNI', user.nif ?? ''],
  ];
  return (
    <>
      <dl className="client-profile__data">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={value?.trim() ? undefined : 'client-profile__empty'}>{value?.trim() || NOT_GIVEN}</dd>
          </div>
        ))}
      </dl>
      <h4 className="client-profile__subtitle">Preferencias</h4>
      <ul className="client-profile__prefs">
        {PREFERENCES.map((p) => (
          <li key={p.key}>
            <span>{p.label}</span>
            <span className={`client-pref client-pref--${form[p.key] ? 'on' : 'off'}`}>
              {form[p.key] ? 'Activadas' : 'Desactivadas'}
            </span>
          </li>
        ))}
      </ul>
      <div className="client-card__actions">
        <button type="button" className="button button--primary" onClick={onEdit}>
          Editar perfil
        </button>
      </div>
    </>
  );
}

function ProfileEdit({ user, onDone }: { user: User; onDone: (saved: boolean) => void }) {
  const setUser = useAuthStore((s) => s.setUser);
  const [form, setForm] = useState<ProfileForm>(() => profileFormFrom(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  const idOf = (key: ProfileField) => `${idPrefix}-${key}`;

  const update = <K extends ProfileField>(key: K, value: ProfileForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(form);
    setErrors(found);
    const firstInvalid = TEXT_FIELDS.find((f) => found[f.key]);
    if (firstInvalid) {
      formRef.current?.ownerDocument.getElementById(idOf(firstInvalid.key))?.focus();
      return;
    }
    setSaving(true);
    try {
      const response = await api.updateProfile(toProfileRequest(form));
      if (response.ok && response.body?.success) {
        // Also refreshes the stored copy of the user (§3).
        if (response.body.user) setUser(response.body.user);
        onDone(true);
        return;
      }
      showAlert(profileError(response.body?.error));
    } catch {
      showAlert(PROFILE_MESSAGES.network);
    }
    setSaving(false);
  };

  return (
    <form ref={formRef} className="client-profile__form" noValidate onSubmit={(e) => void submit(e)}>
      <div className="client-profile__fields">
        {TEXT_FIELDS.map((f) => {
          const error = errors[f.key];
          const hintId = f.hint ? `${idOf(f.key)}-hint` : undefined;
          const errorId = error ? `${idOf(f.key)}-error` : undefined;
          return (
            <div key={f.key} className={`form__field${f.wide ? ' client-profile__wide' : ''}`}>
              <label className="form__label" htmlFor={idOf(f.key)}>
                {f.label}
              </label>
              <input
                id={idOf(f.key)}
                className="input"
                type={f.type ?? 'text'}
                inputMode={f.inputMode}
                autoComplete={f.autoComplete}
                value={form[f.key]}
                disabled={saving}
                aria-invalid={error ? true : undefined}
                aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
                onChange={(e) => update(f.key, f.key === 'telefono' ? formatPhone(e.target.value) : e.target.value)}
              />
              {f.hint && (
                <p id={hintId} className="client-hint">
                  {f.hint}
                </p>
              )}
              {error && (
                <p id={errorId} className="client-field-error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div className="form__field client-profile__wide">
          <label className="form__label" htmlFor={`${idPrefix}-email`}>
            Email
          </label>
          <input
            id={`${idPrefix}-email`}
            className="input"
            type="email"
            value={user.email ?? ''}
            readOnly
            aria-describedby={`${idPrefix}-email-hint`}
          />
          <p id={`${idPrefix}-email-hint`} className="client-hint">
            El email no se puede cambiar.
          </p>
        </div>
      </div>

      <fieldset className="client-profile__toggles">
        <legend className="client-profile__subtitle">Preferencias</legend>
        {PREFERENCES.map((p) => (
          <div key={p.key} className="client-toggle">
            <input
              id={idOf(p.key)}
              type="checkbox"
              role="switch"
              className="client-toggle__switch"
              checked={form[p.key]}
              disabled={saving}
              aria-describedby={`${idOf(p.key)}-hint`}
              onChange={(e) => update(p.key, e.target.checked)}
            />
            <div>
              <label className="client-toggle__label" htmlFor={idOf(p.key)}>
                {p.label}
              </label>
              <p id={`${idOf(p.key)}-hint`} className="client-hint">
                {p.hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>

      <div className="client-card__actions">
        <button type="button" className="button button--ghost" onClick={() => onDone(false)} disabled={saving}>
          Cancelar
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Guardando...' : 'Guardar cambios'}
        </button>
      </div>
    </form>
  );
}

type OpenModal = 'password' | 'delete' | null;

/** §2 'Mi Perfil': the profile (view and edit) and the security actions. */
export function ProfileTab({ user }: { user: User }) {
  const logout = useAuthStore((s) => s.logout);
  const forget = useAuthStore((s) => s.forget);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [modal, setModal] = useState<OpenModal>(null);
  const [leaving, setLeaving] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const closeModal = () => setModal(null);

  // The confirmation page says a code was just sent, so one is asked for before going there; it
  // reads the email (and the new code's timers) from the registration store.
  const verifyEmail = async () => {
    const email = user.email ?? '';
    setVerifying(true);
    setVerifyError(null);
    try {
      const response = await api.resendCode(email);
      const body = response.body;
      if (response.ok && body?.success !== false) {
        useRegistrationStore
          .getState()
          .setCodeTimers(email, { expira_en: body?.expira_en, reenviar_en: body?.reenviar_en });
        navigate('/confirmar-email');
        return;
      }
      setVerifyError(resendError(body?.error));
    } catch {
      setVerifyError(PROFILE_MESSAGES.network);
    }
    setVerifying(false);
  };

  return (
    <div className="client-profile">
      <section className="client-card" aria-labelledby="client-profile-title">
        <h3 id="client-profile-title" className="client-card__title">
          {editing ? 'Editar datos personales' : 'Datos personales'}
        </h3>
        {editing ? (
          <ProfileEdit
            user={user}
            onDone={(done) => {
              setSaved(done);
              setEditing(false);
            }}
          />
        ) : (
          <ProfileView
            user={user}
            onEdit={() => {
              setSaved(false);
              setEditing(true);
            }}
          />
        )}
        {/* Always in the page, so screen readers announce the text when it appears. */}
        <p className={saved ? 'client-profile__saved' : 'sr-only'} role="status">
          {saved ? PROFILE_MESSAGES.saved : ''}
        </p>
      </section>

      <section className="client-card" aria-labelledby="client-security-title">
        <h3 id="client-security-title" className="client-card__title">
          Seguridad
        </h3>
        <p className="client-security__status">
          <span className={`client-pref client-pref--${user.isUserEmailConfirmed ? 'on' : 'off'}`}>
            {user.isUserEmailConfirmed ? 'Email confirmado' : 'Email sin confirmar'}
          </span>
        </p>
        {verifyError && (
          <p id="client-verify-error" className="form__error" role="alert">
            {verifyError}
          </p>
        )}
        <div className="client-security__actions">
          <button type="button" className="button button--ghost" onClick={() => setModal('password')}>
            Cambiar contraseña
          </button>
          {!user.isUserEmailConfirmed && (
            <button
              type="button"
              className="button button--outline"
              disabled={verifying}
              aria-describedby={verifyError ? 'client-verify-error' : undefined}
              onClick={() => void verifyEmail()}
            >
              {verifying ? 'Enviando código...' : 'Verificar email'}
            </button>
          )}
          <button
            type="button"
            className="button button--ghost"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void logout();
            }}
          >
            {leaving ? 'Cerrando sesión...' : 'Cerrar sesión'}
          </button>
          {/* A plain link: the server answers with the file itself (GDPR art. 15 and 20). */}
          <a href="/api/mis-datos" download="mis-datos.json" className="button button--ghost">
            Descargar mis datos
          </a>
          <button type="button" className="button client-button--danger-outline" onClick={() => setModal('delete')}>
            Eliminar cuenta
          </button>
        </div>
      </section>

      {modal === 'password' && <PasswordChangeModal onClose={closeModal} />}
      {modal === 'delete' && (
        <DeleteAccountModal
          email={user.email ?? ''}
          onClose={closeModal}
          onDeleted={() => {
            // The server already ended the session: forget it here and leave the private page.
            forget();
            navigate('/', { replace: true });
          }}
        />
      )}
    </div>
  );
}
