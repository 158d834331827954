import { useEffect, useRef, useState } from 'react';
import { CheckCircleIcon, CopyIcon, MailIcon, WhatsappIcon } from '../../../components/icons';
import { Modal } from '../../../components/Modal';
import * as api from '../../../lib/api';
import { COMPANY_NAME, whatsappUrl } from '../../../lib/company';
import { formatCount } from '../../../lib/format';
import './ReferralModal.css';

export const REFERRAL_MESSAGES = {
  loading: 'Cargando tu enlace…',
  failed: 'No se pudo cargar tu enlace. Inténtalo más tarde.',
  copied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar. Selecciona el enlace y cópialo.',
} as const;

/** 0 → 'Aún no ha llegado…'; 1 → '1 amigo ha llegado…'; n → 'n amigos han llegado…'. */
export function friendsText(friends: number): string {
  if (friends <= 0) return 'Aún no ha llegado ningún amigo con tu enlace.';
  return `${formatCount(friends, 'amigo', 'amigos')} ${friends === 1 ? 'ha' : 'han'} llegado con tu enlace.`;
}

/** What the friend reads in WhatsApp or the email, with the link at the end. */
export function shareText(link: string): string {
  return `Hice mi mudanza con ${COMPANY_NAME} y quedé muy contento. Calcula tu precio y pide presupuesto aquí: ${link}`;
}

function mailtoUrl(link: string): string {
  const subject = encodeURIComponent('Te recomiendo esta empresa de mudanzas');
  return `mailto:?subject=${subject}&body=${encodeURIComponent(shareText(link))}`;
}

/** Copies through the selected field when the clipboard API is missing or refused (older browsers, no permission). */
function copyBySelection(input: HTMLInputElement | null): boolean {
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; referral: api.MyReferral };

/** 'Recomendar a un amigo': the client's personal link, to copy or share, and how many friends came through it. */
export function ReferralModal({ onClose }: { onClose: () => void }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let current = true;
    api
      .fetchMyReferral()
      .then((response) => {
        const body = response.body;
        if (!current) return;
        if (response.ok && body?.success && typeof body.enlace === 'string' && typeof body.amigos === 'number') {
          setLoad({ status: 'ready', referral: body as api.MyReferral });
        } else {
          throw new Error(`mi-recomendacion respondió ${response.status}`);
        }
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error('No se pudo cargar el enlace de recomendación', error);
        setLoad({ status: 'failed' });
      });
    return () => {
      current = false;
    };
  }, []);

  const copyLink = async (link: string) => {
    try {
      if (!navigator.clipboard) throw new Error('sin portapapeles');
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy(copyBySelection(input.current) ? 'copied' : 'failed');
    }
  };

  return (
    <Modal
      title="Recomendar a un amigo"
      intro="Comparte tu enlace personal. Si alguien pide presupuesto o se registra con él, sabremos que viene de tu parte."
      onClose={onClose}
      className="client-modal referral"
    >
      {load.status === 'loading' && (
        <p className="client-hint" role="status">
          {REFERRAL_MESSAGES.loading}
        </p>
      )}
      {load.status === 'failed' && (
        <p className="form__error" role="alert">
          {REFERRAL_MESSAGES.failed}
        </p>
      )}
      {load.status === 'ready' && (
        <>
          <div className="form__field">
            <label className="form__label" htmlFor="referral-link">
              Tu enlace personal
            </label>
            <input
              ref={input}
              id="referral-link"
              className="input referral__input"
              type="text"
              readOnly
              value={load.referral.enlace}
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className="referral__copy-row">
              <button
                type="button"
                className="button button--primary"
                onClick={() => void copyLink(load.referral.enlace)}
              >
                <CopyIcon aria-hidden="true" />
                Copiar enlace
              </button>
              <p className={`referral__copy referral__copy--${copy}`} role="status">
                {copy === 'copied' && (
                  <>
                    <CheckCircleIcon aria-hidden="true" /> {REFERRAL_MESSAGES.copied}
                  </>
                )}
                {copy === 'failed' && REFERRAL_MESSAGES.copyFailed}
              </p>
            </div>
          </div>
          <div className="referral__share">
            <a
              className="button button--outline"
              href={whatsappUrl('', shareText(load.referral.enlace))}
              target="_blank"
              rel="noopener noreferrer"
            >
              <WhatsappIcon aria-hidden="true" />
              Compartir por WhatsApp
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
            <a className="button button--outline" href={mailtoUrl(load.referral.enlace)}>
              <MailIcon aria-hidden="true" />
              Enviar por email
            </a>
          </div>
          <p className="referral__friends">{friendsText(load.referral.amigos)}</p>
        </>
      )}
    </Modal>
  );
}
