import { Link } from 'react-router-dom';
import { COMPANY_LEGAL } from './legalData';
import './DataProtectionSummary.css';

/**
 * Which form the first layer sits under: each states its own purpose and legal basis, as the
 * AEPD's layered model asks (the privacy page itself shows 'general', covering them all).
 */
export type DataProtectionPurpose = 'general' | 'contact' | 'quote' | 'account' | 'job';

const PURPOSE: Record<DataProtectionPurpose, { finalidad: string; legitimacion: string }> = {
  general: {
    finalidad:
      'Gestionar tu cuenta de cliente, tus presupuestos, mudanzas, pagos y facturas; responder a tus mensajes; valorar tu candidatura si nos envías el currículum y, solo si lo autorizas, enviarte comunicaciones comerciales.',
    legitimacion:
      'La ejecución del contrato o de medidas precontractuales que nos pides, el cumplimiento de obligaciones legales (contables y fiscales) y tu consentimiento, que puedes retirar cuando quieras (mensajes, candidaturas y comunicaciones comerciales).',
  },
  contact: {
    finalidad:
      'Responder a tu consulta y, si nos lo pides, prepararte un presupuesto. Solo si marcas la casilla correspondiente, enviarte comunicaciones comerciales.',
    legitimacion:
      'Tu consentimiento al enviarnos el mensaje y, para el presupuesto, la aplicación de medidas precontractuales a petición tuya. Las comunicaciones comerciales, solo con tu consentimiento aparte.',
  },
  quote: {
    finalidad:
      'Preparar y enviarte el presupuesto de tu mudanza y, si lo aceptas, prestar el servicio, cobrarlo y facturarlo.',
    legitimacion:
      'La aplicación de medidas precontractuales a petición tuya y la ejecución del contrato de mudanza; la facturación, una obligación legal.',
  },
  account: {
    finalidad:
      'Crear y gestionar tu cuenta de cliente: tus datos, tus mudanzas, sus pagos y documentos, y tus preferencias.',
    legitimacion:
      'La ejecución del contrato por el que te damos de alta como cliente. Las comunicaciones comerciales, solo con tu consentimiento.',
  },
  job: {
    finalidad: 'Valorar tu candidatura y contactar contigo en nuestros procesos de selección.',
    legitimacion: 'Tu consentimiento al enviarnos la candidatura, que puedes retirar cuando quieras.',
  },
};

interface DataProtectionSummaryProps {
  purpose?: DataProtectionPurpose;
  /** On the privacy page the further information is a section below, not another page. */
  moreInfoHref?: string;
  /** Hidden (still read by screen readers) where a heading right above says the same. */
  hideCaption?: boolean;
  className?: string;
}

/** The first layer of the data-protection notice (RGPD art. 13, LOPDGDD art. 11): six rows. */
export function DataProtectionSummary({
  purpose = 'general',
  moreInfoHref,
  hideCaption = false,
  className,
}: DataProtectionSummaryProps) {
  const { finalidad, legitimacion } = PURPOSE[purpose];
  return (
    <table className={`dp-summary${className ? ` ${className}` : ''}`}>
      <caption className={hideCaption ? 'sr-only' : 'dp-summary__caption'}>
        Información básica sobre protección de datos
      </caption>
      <tbody>
        <tr>
          <th scope="row">Responsable</th>
          <td>
            {COMPANY_LEGAL.nombre} (NIF <span className="dp-summary__nowrap">{COMPANY_LEGAL.nif}</span>).
          </td>
        </tr>
        <tr>
          <th scope="row">Finalidad</th>
          <td>{finalidad}</td>
        </tr>
        <tr>
          <th scope="row">Legitimación</th>
          <td>{legitimacion}</td>
        </tr>
        <tr>
          <th scope="row">Destinatarios</th>
          <td>
            No vendemos ni cedemos tus datos a terceros, salvo obligación legal. Nuestros proveedores de alojamiento web
            y de correo electrónico los tratan por cuenta nuestra y con contrato.
            {(purpose === 'general' || purpose === 'quote') &&
              ' En una mudanza a otro país, la empresa que colabora con nosotros en destino recibe lo necesario para la entrega.'}
          </td>
        </tr>
        <tr>
          <th scope="row">Derechos</th>
          <td>
            Acceder, rectificar y suprimir tus datos, oponerte al tratamiento, limitarlo, pedir su portabilidad y
            retirar tu consentimiento, escribiendo a <a href={`mailto:${COMPANY_LEGAL.email}`}>{COMPANY_LEGAL.email}</a>
            . También puedes reclamar ante la Agencia Española de Protección de Datos.
          </td>
        </tr>
        <tr>
          <th scope="row">Información adicional</th>
          <td>
            Consulta la información adicional y detallada en{' '}
            {moreInfoHref ? (
              <a href={moreInfoHref}>la segunda capa de esta política</a>
            ) : (
              <Link to="/politica-privacidad">nuestra política de privacidad</Link>
            )}
            .
          </td>
        </tr>
      </tbody>
    </table>
  );
}
