import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Field, fieldProps } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import {
  createStaff,
  fetchStaff,
  NetworkError,
  resetStaffPassword,
  setStaffActive,
  type StaffAccount,
} from '../../lib/api';
import { useAuthStore } from '../../lib/useAuthStore';
import {
  failureText,
  formatInstant,
  generatePassword,
  NETWORK_TEXT,
  ROLE_LABELS,
  validateStaffForm,
  type StaffForm,
  type StaffFormErrors,
} from './admin';

type Pending =
  | { kind: 'deactivate'; account: StaffAccount }
  | { kind: 'reactivate'; account: StaffAccount }
  | { kind: 'reset'; account: StaffAccount }
  | { kind: 'password'; account: StaffAccount; password: string };

const EMPTY_FORM: StaffForm = { rol: 'empleado', nombre: '', email: '', usuario: '', password: '' };

/** 'Personal': the staff accounts, a form to add a worker or a manager, and what can be done to each. */
export function StaffPanel() {
  const me = useAuthStore((s) => s.user);
  const [accounts, setAccounts] = useState<StaffAccount[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const load = useCallback(async () => {
    try {
      const response = await fetchStaff();
      if (response.ok && response.body?.personal) {
        setAccounts(response.body.personal);
        setLoadError(null);
      } else {
        setLoadError(failureText(response, 'cargar el personal'));
      }
    } catch {
      setLoadError(NETWORK_TEXT);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const replace = (account: StaffAccount) =>
    setAccounts((list) => list?.map((a) => (a.id === account.id ? account : a)) ?? [account]);

  return (
    <div className="adm-staff">
      <CreateStaffForm
        onCreated={(account) => {
          setAccounts((list) => [account, ...(list ?? [])]);
          setNotice(
            account.rol === 'empleado'
              ? `Cuenta creada: ${account.nombre} entra con el número de empleado ${account.usuario}.`
              : `Cuenta creada: ${account.nombre} entra con su email ${account.email}.`,
          );
        }}
      />

      <section className="adm-card" aria-labelledby="adm-staff-list-title">
        <div className="adm-card__head">
          <h3 id="adm-staff-list-title" className="adm-card__title">
            Cuentas de personal
          </h3>
          <button type="button" className="button button--ghost" onClick={() => void load()}>
            Actualizar
          </button>
        </div>
        <p className="adm-notice" role="status">
          {notice}
        </p>
        {loadError && (
          <p className="adm-error" role="alert">
            {loadError}
          </p>
        )}
        {accounts === null && !loadError && <p className="adm-muted">Cargando el personal…</p>}
        {accounts && (
          <div className="adm-table-wrap">
            <table className="adm-table adm-table--staff">
              <caption className="sr-only">Cuentas de personal</caption>
              <thead>
                <tr>
                  <th scope="col">Nombre</th>
                  <th scope="col">Rol</th>
                  <th scope="col">Acceso</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Alta</th>
                  <th scope="col">
                    <span className="sr-only">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {accounts.map((account) => (
                  <tr key={account.id} className={account.activa ? undefined : 'is-inactive'}>
                    <th scope="row" data-label="Nombre">
                      {account.nombre}
                      {account.id === me?.id && <span className="adm-you"> (tú)</span>}
                    </th>
                    <td data-label="Rol">{ROLE_LABELS[account.rol] ?? account.rol}</td>
                    <td data-label="Acceso">
                      <span className="adm-login">{account.usuario ?? account.email}</span>
                      {account.usuario && account.email && <span className="adm-muted adm-block">{account.email}</span>}
                    </td>
                    <td data-label="Estado">
                      <span className={`adm-pill adm-pill--${account.activa ? 'ok' : 'off'}`}>
                        {account.activa ? 'Activa' : 'Desactivada'}
                      </span>
                      {!account.activa && account.desactivada_en && (
                        <span className="adm-muted adm-block">desde {formatInstant(account.desactivada_en)}</span>
                      )}
                    </td>
                    <td data-label="Alta">{formatInstant(account.creada_en)}</td>
                    <td className="adm-actions">
                      {account.activa ? (
                        <button
                          type="button"
                          className="button button--outline adm-small"
                          disabled={account.id === me?.id}
                          title={account.id === me?.id ? 'No puedes desactivar tu propia cuenta' : undefined}
                          aria-label={`Desactivar a ${account.nombre}`}
                          onClick={() => setPending({ kind: 'deactivate', account })}
                        >
                          Desactivar
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button button--outline adm-small"
                          aria-label={`Reactivar a ${account.nombre}`}
                          onClick={() => setPending({ kind: 'reactivate', account })}
                        >
                          Reactivar
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--ghost adm-small"
                        aria-label={`Restablecer contraseña de ${account.nombre}`}
                        onClick={() => setPending({ kind: 'reset', account })}
                      >
                        Restablecer contraseña
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {pending && pending.kind !== 'password' && (
        <ConfirmAction
          pending={pending}
          onClose={() => setPending(null)}
          onDone={(account, password) => {
            replace(account);
            if (password) {
              setPending({ kind: 'password', account, password });
            } else {
              setPending(null);
              setNotice(
                account.activa
                  ? `${account.nombre} puede volver a iniciar sesión.`
                  : `${account.nombre} ya no puede iniciar sesión; sus sesiones abiertas se han cerrado.`,
              );
            }
          }}
        />
      )}
      {pending?.kind === 'password' && (
        <Modal
          title="Contraseña temporal"
          intro={`Entrégasela a ${pending.account.nombre} en persona. No se volverá a mostrar.`}
          onClose={() => {
            setPending(null);
            setNotice(`Contraseña de ${pending.account.nombre} restablecida; sus sesiones abiertas se han cerrado.`);
          }}
        >
          <p className="adm-temp-password" aria-label="Contraseña temporal">
            <code>{pending.password}</code>
          </p>
          <div className="adm-modal-actions">
            <button
              type="button"
              className="button button--outline"
              onClick={() => void navigator.clipboard?.writeText(pending.password)}
            >
              Copiar
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setPending(null);
                setNotice(
                  `Contraseña de ${pending.account.nombre} restablecida; sus sesiones abiertas se han cerrado.`,
                );
              }}
            >
              Hecho
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}

const CONFIRM_TEXT = {
  deactivate: {
    title: 'Desactivar cuenta',
    button: 'Desactivar',
    intro: (a: StaffAccount) =>
      `${a.nombre} no podrá iniciar sesión y sus sesiones abiertas se cerrarán en este momento.`,
  },
  reactivate: {
    title: 'Reactivar cuenta',
    button: 'Reactivar',
    intro: (a: StaffAccount) => `${a.nombre} podrá volver a iniciar sesión con su contraseña.`,
  },
  reset: {
    title: 'Restablecer contraseña',
    button: 'Restablecer',
    intro: (a: StaffAccount) =>
      `Se generará una contraseña temporal para ${a.nombre}; la actual dejará de servir y sus sesiones abiertas se cerrarán.`,
  },
} as const;

function ConfirmAction({
  pending,
  onClose,
  onDone,
}: {
  pending: Exclude<Pending, { kind: 'password' }>;
  onClose: () => void;
  onDone: (account: StaffAccount, password?: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const text = CONFIRM_TEXT[pending.kind];
  const { account } = pending;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      if (pending.kind === 'reset') {
        const response = await resetStaffPassword(account.id);
        const password = response.body?.password_temporal;
        if (response.ok && password) onDone(account, password);
        else setError(failureText(response, 'restablecer la contraseña'));
      } else {
        const response = await setStaffActive(account.id, pending.kind === 'reactivate');
        if (response.ok && response.body?.cuenta) onDone(response.body.cuenta);
        else setError(failureText(response, 'cambiar la cuenta'));
      }
    } catch (e) {
      setError(e instanceof NetworkError ? NETWORK_TEXT : 'Error inesperado. Inténtalo de nuevo.');
    }
    setBusy(false);
  };

  const warning =
    pending.kind === 'deactivate' && account.mudanzas_pendientes > 0
      ? `Tiene ${account.mudanzas_pendientes} ${account.mudanzas_pendientes === 1 ? 'mudanza asignada' : 'mudanzas asignadas'} por hacer: la gerencia tendrá que reasignarlas.`
      : null;

  return (
    <Modal title={text.title} intro={text.intro(account)} onClose={onClose} initialFocus={cancelRef}>
      {warning && <p className="adm-warning">{warning}</p>}
      {error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
      <div className="adm-modal-actions">
        <button ref={cancelRef} type="button" className="button button--outline" onClick={onClose}>
          Cancelar
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void confirm()}>
          {busy ? 'Un momento…' : text.button}
        </button>
      </div>
    </Modal>
  );
}

function CreateStaffForm({ onCreated }: { onCreated: (account: StaffAccount) => void }) {
  const [form, setForm] = useState<StaffForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<StaffFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const set = <K extends keyof StaffForm>(key: K, value: StaffForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateStaffForm(form);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`adm-new-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const response = await createStaff({
        rol: form.rol,
        nombre: form.nombre.trim(),
        email: form.email.trim(),
        usuario: form.rol === 'empleado' ? form.usuario.trim() : undefined,
        password: form.password,
      });
      const created = response.body?.cuenta;
      if (response.ok && created) {
        setForm({ ...EMPTY_FORM, rol: form.rol });
        setShowPassword(false);
        onCreated(created);
      } else {
        const field = response.body?.field as keyof StaffForm | undefined;
        const message = failureText(response, 'crear la cuenta');
        if (field && field in EMPTY_FORM) setErrors({ [field]: message });
        else setServerError(message);
      }
    } catch {
      setServerError(NETWORK_TEXT);
    }
    setBusy(false);
  };

  return (
    <section className="adm-card" aria-labelledby="adm-new-title">
      <h3 id="adm-new-title" className="adm-card__title">
        Nueva cuenta de personal
      </h3>
      <form className="adm-form" noValidate onSubmit={(e) => void submit(e)}>
        <fieldset className="adm-role-choice">
          <legend className="form__label">Tipo de cuenta</legend>
          {(['empleado', 'empresario'] as const).map((rol) => (
            <label key={rol} className="adm-radio">
              <input
                type="radio"
                name="adm-new-rol"
                value={rol}
                checked={form.rol === rol}
                onChange={() => set('rol', rol)}
              />
              {rol === 'empleado' ? 'Trabajador (entra con su número de empleado)' : 'Gerente (entra con su email)'}
            </label>
          ))}
        </fieldset>
        <div className="adm-form__grid">
          <Field id="adm-new-nombre" label="Nombre completo" required error={errors.nombre}>
            <input
              {...fieldProps('adm-new-nombre', errors.nombre)}
              autoComplete="off"
              value={form.nombre}
              onChange={(e) => set('nombre', e.target.value)}
            />
          </Field>
          <Field id="adm-new-email" label="Email" required error={errors.email}>
            <input
              {...fieldProps('adm-new-email', errors.email)}
              type="email"
              autoComplete="off"
              value={form.email}
              onChange={(e) => set('email', e.target.value)}
            />
          </Field>
          {form.rol === 'empleado' && (
            <Field
              id="adm-new-usuario"
              label="Número de empleado"
              error={errors.usuario}
              hint="Déjalo vacío para usar el siguiente libre."
            >
              <input
                {...fieldProps('adm-new-usuario', errors.usuario, { hint: true, required: false })}
                autoComplete="off"
                placeholder="EMP-003"
                value={form.usuario}
                onChange={(e) => set('usuario', e.target.value)}
              />
            </Field>
          )}
          <Field
            id="adm-new-password"
            label="Contraseña inicial"
            required
            error={errors.password}
            hint="Mínimo 8 caracteres con mayúsculas, minúsculas, números y símbolos."
          >
            <div className="adm-password">
              <input
                {...fieldProps('adm-new-password', errors.password, { hint: true })}
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                value={form.password}
                onChange={(e) => set('password', e.target.value)}
              />
              <button
                type="button"
                className="button button--ghost adm-small"
                onClick={() => {
                  set('password', generatePassword());
                  setShowPassword(true);
                }}
              >
                Generar
              </button>
              <button
                type="button"
                className="button button--ghost adm-small"
                aria-pressed={showPassword}
                onClick={() => setShowPassword((s) => !s)}
              >
                {showPassword ? 'Ocultar' : 'Mostrar'}
              </button>
            </div>
          </Field>
        </div>
        {serverError && (
          <p className="adm-error" role="alert">
            {serverError}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Creando…' : 'Crear cuenta'}
        </button>
      </form>
    </section>
  );
}
