import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { NetworkError, submitJobApplication, type ApiResponse, type FormResponse } from '../../lib/api';
import { MESSAGES } from '../../lib/validation';
import { ConsentChecks, DataProtectionNotice } from '../../components/DataProtection';
import { Field, fieldProps, PersonFields, Select } from '../../components/FormField';
import { CheckCircleIcon } from '../../components/icons';
import { Modal } from '../../components/Modal';
import {
  APPLICATION_FIELDS,
  applicationFailure,
  CV_ACCEPT,
  MESSAGE_MAX,
  toApplicationRequest,
  validateApplication,
  validateApplicationField,
  type ApplicationDraft,
  type ApplicationErrors,
  type ApplicationField,
} from './application';
import { formatBytes } from '../../lib/format';
import { EXPERIENCE, POSITIONS } from '../../lib/options';

/** §4: the success view stays this long, then the form resets and the dialog closes. */
export const SUCCESS_CLOSE_MS = 3000;

const IDS: Record<ApplicationField, string> = {
  name: 'candidatura-nombre',
  email: 'candidatura-email',
  phone: 'candidatura-telefono',
  position: 'candidatura-puesto',
  experience: 'candidatura-experiencia',
  message: 'candidatura-mensaje',
  cv: 'candidatura-cv',
  consentContact: 'candidatura-consentimiento',
};

type Status = 'editing' | 'sending' | 'sent';

interface ApplicationModalProps {
  draft: ApplicationDraft;
  onDraft: (draft: ApplicationDraft) => void;
  /** Closes without sending: the draft is kept for the next time the dialog opens. */
  onClose: () => void;
  /** After a successful send: reset the draft and close. */
  onDone: () => void;
}

/**
 * The application dialog (§2 'Work with us', §4 'Job application modal'), sent for real: the
 * application and its CV are stored and listed for managers. Sending lasts as long as the server
 * takes; the success view then shows for 3 s before the form resets and the dialog closes.
 */
export function ApplicationModal({ draft, onDraft, onClose, onDone }: ApplicationModalProps) {
  const [errors, setErrors] = useState<ApplicationErrors>({});
  const [status, setStatus] = useState<Status>('editing');
  const [alert, setAlert] = useState<string | null>(null);
  const [sentName, setSentName] = useState('');
  const successRef = useRef<HTMLParagraphElement>(null);
  // A field the server rejected gets focus once the form is enabled again (it is disabled while sending).
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (status === 'sending' || !focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  useEffect(() => {
    if (status !== 'sent') return;
    successRef.current?.focus();
    const timer = window.setTimeout(onDone, SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [status, onDone]);

  // While the request is in flight the dialog stays: closing it would hide the answer.
  const close = useCallback(() => {
    if (status === 'sending') return;
    if (status === 'sent') onDone();
    else onClose();
  }, [status, onClose, onDone]);

  const update = <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => {
    const next = { ...draft, [key]: value };
    onDraft(next);
    if (key in errors) {
      const field = key as ApplicationField;
      setErrors((e) => ({ ...e, [field]: validateApplicationField(field, next) ?? undefined }));
    }
  };
  const blur = (field: ApplicationField) => () =>
    setErrors((e) => ({ ...e, [field]: validateApplicationField(field, draft) ?? undefined }));

  const chooseCv = (file: File | null) => {
    const next = { ...draft, cv: file };
    onDraft(next);
    // Picking a file is the field's "blur": a wrong type or size is said at once.
    setErrors((e) => ({ ...e, cv: validateApplicationField('cv', next) ?? undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status !== 'editing') return;
    const found = validateApplication(draft);
    setErrors(found);
    const firstInvalid = APPLICATION_FIELDS.find((f) => found[f]);
    if (firstInvalid) {
      setAlert(MESSAGES.formInvalid);
      document.getElementById(IDS[firstInvalid])?.focus();
      return;
    }

    setAlert(null);
    setStatus('sending');
    let response: ApiResponse<FormResponse> | null = null;
    try {
      response = await submitJobApplication(toApplicationRequest(draft));
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
    if (response?.ok && response.body?.success) {
      setSentName(draft.name.trim());
      setStatus('sent');
      return;
    }
    const failure = applicationFailure(response);
    setStatus('editing');
    setAlert(failure.message);
    if (failure.field) {
      setErrors((e) => ({ ...e, [failure.field!]: failure.message }));
      focusAfterRender.current = IDS[failure.field];
    }
  };

  if (status === 'sent') {
    return (
      <Modal title="¡Candidatura enviada!" onClose={close} className="application-modal">
        <div className="application-success" role="status">
          <CheckCircleIcon width={48} height={48} className="application-success__icon" />
          <p ref={successRef} tabIndex={-1} className="application-success__text">
            Gracias, {sentName}. Hemos recibido tu candidatura y tu CV. Te responderemos en un plazo de 7 días
            laborables.
          </p>
        </div>
      </Modal>
    );
  }

  const sending = status === 'sending';
  return (
    <Modal
      title="Envía tu candidatura"
      intro="Rellena tus datos y adjunta tu CV. Te responderemos en un plazo de 7 días laborables."
      onClose={close}
      className="application-modal"
    >
      <form className="application-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Candidatura">
        <fieldset className="application-form__fields" disabled={sending}>
          <legend className="sr-only">Tus datos y tu CV</legend>
          <div className="application-form__grid">
            <PersonFields ids={IDS} values={draft} errors={errors} onChange={update} onBlur={blur} />
            <Select<ApplicationDraft['position']>
              id={IDS.position}
              label="Puesto"
              required
              error={errors.position}
              className="input form-field__select"
              placeholder="Selecciona un puesto"
              options={POSITIONS}
              value={draft.position}
              onChange={(value) => update('position', value)}
              onBlur={blur('position')}
            />
            <Select<ApplicationDraft['experience']>
              id={IDS.experience}
              label="Experiencia"
              required
              error={errors.experience}
              className="input form-field__select"
              placeholder="Selecciona tu experiencia"
              options={EXPERIENCE}
              value={draft.experience}
              onChange={(value) => update('experience', value)}
              onBlur={blur('experience')}
            />
          </div>

          <Field id={IDS.message} label="Cuéntanos sobre ti (opcional)" error={errors.message}>
            <textarea
              {...fieldProps(IDS.message, errors.message, { required: false })}
              rows={4}
              maxLength={MESSAGE_MAX}
              value={draft.message}
              onChange={(e) => update('message', e.target.value)}
              onBlur={blur('message')}
            />
          </Field>

          <Field id={IDS.cv} label="CV" required error={errors.cv} hint="PDF, DOC o DOCX, de 5 MB como máximo.">
            <input
              {...fieldProps(IDS.cv, errors.cv, { hint: true })}
              className="application-form__file"
              type="file"
              accept={CV_ACCEPT}
              onChange={(e) => chooseCv(e.target.files?.[0] ?? null)}
            />
          </Field>
          {draft.cv && !errors.cv && (
            <p className="application-form__chosen">
              Archivo elegido: <strong>{draft.cv.name}</strong> ({formatBytes(draft.cv.size)})
            </p>
          )}

          <ConsentChecks
            idPrefix="candidatura"
            contact={draft.consentContact}
            marketing={draft.consentMarketing}
            onContact={(checked) => update('consentContact', checked)}
            onMarketing={(checked) => update('consentMarketing', checked)}
            contactPurpose="y mi CV para valorar esta candidatura y contactarme sobre ella"
            marketingText="Quiero recibir por email las nuevas ofertas de empleo de Mudanzas."
            error={errors.consentContact}
          />
        </fieldset>

        {alert && (
          <p className="form__error" role="alert">
            {alert}
          </p>
        )}

        <button type="submit" className="button button--primary button--block" disabled={sending}>
          {sending ? 'Enviando...' : 'Enviar candidatura'}
        </button>

        <DataProtectionNotice
          purpose="Valorar tu candidatura para el puesto que eliges y contactarte sobre ella."
          retention="Los plazos de conservación se explican en la política de privacidad."
        />
      </form>
    </Modal>
  );
}
