import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ContentHero } from '../../components/ContentHero';
import { COMPANY_PHONE_HREF } from '../../lib/company';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DataProtectionSummary } from './DataProtectionSummary';
import { COMPANY_ADDRESS, COMPANY_LEGAL, formatLegalDate, PRIVACY_LAST_UPDATED } from './legalData';
import './LegalPages.css';

// The two-layer notice the AEPD recommends (RGPD arts. 12-14, LOPDGDD art. 11): the basic table
// first, then every detail. What it says about the site is what the site does: one technical
// session cookie, a copy of the profile in local storage, consent per purpose stored with its
// time, account deletion from the client dashboard.

/** The second layer's sections, in order, for its table of contents. */
export const PRIVACY_SECTIONS = [
  { id: 'responsable', title: 'Responsable del tratamiento' },
  { id: 'finalidades', title: 'Para qué tratamos tus datos' },
  { id: 'legitimacion', title: 'Base jurídica del tratamiento' },
  { id: 'conservacion', title: 'Cuánto tiempo conservamos tus datos' },
  { id: 'destinatarios', title: 'Destinatarios' },
  { id: 'transferencias', title: 'Transferencias internacionales' },
  { id: 'derechos', title: 'Tus derechos' },
  { id: 'reclamacion', title: 'Reclamación ante la autoridad de control' },
  { id: 'consentimiento', title: 'Cómo registramos tu consentimiento' },
  { id: 'cookies', title: 'Cookies y almacenamiento en tu navegador' },
  { id: 'seguridad', title: 'Seguridad' },
  { id: 'cambios', title: 'Cambios en esta política' },
] as const;

type SectionId = (typeof PRIVACY_SECTIONS)[number]['id'];

function titleOf(id: SectionId): string {
  return PRIVACY_SECTIONS.find((section) => section.id === id)?.title ?? id;
}

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  return (
    <section id={id} className="privacy-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="privacy-section__title">
        {titleOf(id)}
      </h3>
      {children}
    </section>
  );
}

// Default export: the router loads this page with React.lazy (§2).
export default function PrivacyPolicyPage() {
  useDocumentTitle('Política de privacidad');
  const email = <a href={`mailto:${COMPANY_LEGAL.email}`}>{COMPANY_LEGAL.email}</a>;

  return (
    <div className="legal-page">
      <ContentHero titleId="privacy-title" eyebrow="Información legal" title="Política de privacidad">
        <p className="content-hero__lead">
          Qué datos tratamos, para qué, durante cuánto tiempo y cómo puedes ejercer tus derechos.
        </p>
        <p className="content-hero__meta">
          Última actualización: <time dateTime={PRIVACY_LAST_UPDATED}>{formatLegalDate(PRIVACY_LAST_UPDATED)}</time>
        </p>
      </ContentHero>

      <div className="container legal-page__body legal-page__body--privacy">
        <section className="privacy-layer privacy-layer--first" aria-labelledby="primera-capa-title">
          <h2 id="primera-capa-title" className="privacy-layer__title">
            Información básica sobre protección de datos
          </h2>
          <p className="privacy-layer__intro">
            Este es el resumen de cómo tratamos tus datos personales. Debajo tienes la información completa.
          </p>
          <DataProtectionSummary purpose="general" moreInfoHref="#segunda-capa" hideCaption />
        </section>

        <section id="segunda-capa" className="privacy-layer" aria-labelledby="segunda-capa-title">
          <h2 id="segunda-capa-title" className="privacy-layer__title">
            Información adicional sobre protección de datos
          </h2>

          <nav className="privacy-toc" aria-label="Índice de la información adicional">
            <ol>
              {PRIVACY_SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="legal-prose">
            <Section id="responsable">
              <ul>
                <li>
                  <strong>Responsable:</strong> {COMPANY_LEGAL.nombre}
                </li>
                <li>
                  <strong>NIF:</strong> {COMPANY_LEGAL.nif}
                </li>
                <li>
                  <strong>Domicilio:</strong> {COMPANY_ADDRESS}
                </li>
                <li>
                  <strong>Teléfono:</strong> <a href={COMPANY_PHONE_HREF}>{COMPANY_LEGAL.telefono}</a>
                </li>
                <li>
                  <strong>Correo electrónico para protección de datos:</strong> {email}
                </li>
              </ul>
              <p>
                No estamos obligados a nombrar un delegado de protección de datos; cualquier consulta sobre tus datos la
                atiende directamente la dirección de la empresa en la dirección de correo anterior.
              </p>
            </Section>

            <Section id="finalidades">
              <p>Solo tratamos los datos que nos das y los que genera el servicio que nos pides, para estos fines:</p>

              <h4>Cuenta de cliente</h4>
              <p>
                Al registrarte tratamos tu nombre, correo electrónico, teléfono, dirección y contraseña (que guardamos
                cifrada de forma irreversible) para crear tu cuenta, confirmar tu correo, permitirte entrar y recuperar
                la contraseña, y mostrarte tus mudanzas, pagos y documentos. También guardamos tus preferencias de
                notificación.
              </p>

              <h4>Presupuestos y mudanzas</h4>
              <p>
                Con los datos del buscador de precios y de la solicitud de presupuesto (direcciones de origen y destino,
                tipo de vivienda, objetos, servicios, fechas, datos de contacto e instrucciones) calculamos el precio,
                te enviamos el presupuesto y, si lo aceptas, organizamos y prestamos la mudanza. Para ello también
                tratamos los pagos y anticipos, las facturas, el albarán con el inventario y, si lo contratas o es
                necesario para documentar el estado de tus bienes, las fotografías que toma nuestro equipo. Conservamos
                el historial de cada cambio de estado de la mudanza.
              </p>

              <h4>Formulario de contacto</h4>
              <p>
                Con tu nombre, correo, teléfono, las direcciones y la fecha que indiques, el tipo de servicio y tu
                mensaje, respondemos a tu consulta (en menos de 24 horas) y, si lo pides, preparamos tu presupuesto.
              </p>

              <h4>Candidaturas de empleo y currículums</h4>
              <p>
                Si nos envías tu candidatura desde <Link to="/trabaja-con-nosotros">Trabaja con nosotros</Link>,
                tratamos tus datos de contacto, el puesto que te interesa, tu experiencia, tu mensaje y tu currículum
                para valorar tu candidatura y contactar contigo. Te respondemos en un plazo de 7 días hábiles. Te
                pedimos que el currículum no incluya datos especialmente protegidos (salud, ideología, religión…).
              </p>

              <h4>Comunicaciones comerciales</h4>
              <p>
                Solo si lo autorizas expresamente, marcando la casilla correspondiente (que nunca aparece marcada) o
                activándolo en las preferencias de tu cuenta, te enviaremos información sobre nuestras ofertas y
                servicios. Puedes darte de baja en cualquier momento desde tu cuenta, con el enlace que incluye cada
                comunicación o escribiéndonos.
              </p>

              <h4>Sesión y seguridad de la web</h4>
              <p>
                Para mantener tu sesión iniciada usamos una cookie técnica (ver «Cookies»). Registramos los intentos de
                acceso y limitamos los repetidos para proteger las cuentas frente a accesos indebidos.
              </p>

              <p>
                No tomamos decisiones basadas únicamente en tratamientos automatizados que produzcan efectos jurídicos
                sobre ti ni elaboramos perfiles. El precio orientativo del buscador es un cálculo a partir de los datos
                que introduces; el presupuesto definitivo lo revisa una persona.
              </p>
            </Section>

            <Section id="legitimacion">
              <ul>
                <li>
                  <strong>Ejecución de un contrato o de medidas precontractuales</strong> (art. 6.1.b RGPD): la cuenta
                  de cliente, los presupuestos que nos pides y la prestación, el cobro y el seguimiento de la mudanza.
                </li>
                <li>
                  <strong>Cumplimiento de obligaciones legales</strong> (art. 6.1.c RGPD): la facturación y la
                  conservación de la documentación contable y fiscal, y la atención de requerimientos de las
                  autoridades.
                </li>
                <li>
                  <strong>Consentimiento</strong> (art. 6.1.a RGPD): las respuestas al formulario de contacto, las
                  candidaturas de empleo y las comunicaciones comerciales. Puedes retirarlo en cualquier momento, sin
                  que ello afecte a la licitud del tratamiento anterior.
                </li>
                <li>
                  <strong>Interés legítimo</strong> (art. 6.1.f RGPD): la seguridad de la web y de las cuentas, y la
                  defensa frente a posibles reclamaciones.
                </li>
              </ul>
              <p>
                Los datos marcados como obligatorios en cada formulario son necesarios para atender tu solicitud; si no
                nos los facilitas, no podremos hacerlo.
              </p>
            </Section>

            <Section id="conservacion">
              <ul>
                <li>
                  <strong>Mudanzas, presupuestos aceptados, pagos y facturas:</strong> durante el contrato y, después,{' '}
                  <strong>6 años</strong>, el plazo de conservación que exige la legislación mercantil (art. 30 del
                  Código de Comercio); también cubre los plazos fiscales y de reclamación.
                </li>
                <li>
                  <strong>Cuenta de cliente:</strong> mientras la mantengas. Si la eliminas, borramos tu cuenta, tus
                  sesiones y tus preferencias en ese momento; en las mudanzas y facturas que debemos conservar, tus
                  datos de contacto se sustituyen por un registro anónimo y lo imprescindible se guarda bloqueado hasta
                  que termine el plazo anterior.
                </li>
                <li>
                  <strong>Presupuestos no aceptados:</strong> 1 año desde su envío.
                </li>
                <li>
                  <strong>Mensajes del formulario de contacto:</strong> el tiempo necesario para responderte y, como
                  máximo, 1 año desde el último contacto, salvo que den lugar a un contrato.
                </li>
                <li>
                  <strong>Candidaturas y currículums:</strong> 1 año desde su recepción, salvo que retires antes tu
                  consentimiento.
                </li>
                <li>
                  <strong>Comunicaciones comerciales:</strong> hasta que retires tu consentimiento.
                </li>
                <li>
                  <strong>Cookie de sesión:</strong> hasta que cierras la sesión y, como máximo, 30 días.
                </li>
              </ul>
              <p>
                Pasados estos plazos, los datos se suprimen o se anonimizan. Mientras puedan derivarse
                responsabilidades, se conservan bloqueados, solo a disposición de jueces, tribunales y autoridades
                competentes (art. 32 LOPDGDD).
              </p>
            </Section>

            <Section id="destinatarios">
              <p>
                <strong>No vendemos tus datos</strong> ni los cedemos a terceros para sus propios fines. Solo los
                reciben:
              </p>
              <ul>
                <li>
                  Nuestros <strong>encargados del tratamiento</strong>, que los tratan por cuenta nuestra, siguiendo
                  nuestras instrucciones y con un contrato que les obliga a protegerlos: el proveedor de alojamiento de
                  la web y la base de datos, el de correo electrónico y la entidad de pago que procesa los cobros con
                  tarjeta.
                </li>
                <li>
                  En una <strong>mudanza internacional</strong>, la empresa que colabora con nosotros en el país de
                  destino, con los datos imprescindibles para la entrega (nombre, teléfono, dirección e inventario).
                </li>
                <li>
                  Si presentas una reclamación por daños, la <strong>compañía aseguradora</strong>, para tramitarla.
                </li>
                <li>
                  La <strong>Administración tributaria</strong>, los juzgados y las demás autoridades, cuando una ley
                  nos obligue.
                </li>
              </ul>
            </Section>

            <Section id="transferencias">
              <p>
                Tratamos y alojamos tus datos dentro del Espacio Económico Europeo y no los transferimos fuera de él.
              </p>
              <p>
                La única excepción posible es una mudanza con destino fuera del Espacio Económico Europeo: en ese caso,
                la comunicación a la empresa que hace la entrega en destino se ampara en una decisión de adecuación de
                la Comisión Europea, cuando exista para ese país, o, en su defecto, en que es necesaria para ejecutar el
                contrato que nos has pedido (art. 49.1.b RGPD). Te lo diremos en el presupuesto.
              </p>
            </Section>

            <Section id="derechos">
              <p>Puedes ejercer en cualquier momento, de forma gratuita, los siguientes derechos:</p>
              <ul>
                <li>
                  <strong>Acceso:</strong> saber qué datos tuyos tratamos y obtener una copia.
                </li>
                <li>
                  <strong>Rectificación:</strong> corregir los datos inexactos o completarlos. La mayoría puedes
                  cambiarlos tú mismo en «Mi Perfil», en tu área de cliente.
                </li>
                <li>
                  <strong>Supresión:</strong> pedir que borremos tus datos. Puedes <strong>eliminar tu cuenta</strong>{' '}
                  tú mismo desde tu área de cliente («Mi Perfil» → «Eliminar cuenta»); conservaremos solo lo que la ley
                  nos obliga a guardar, como se explica en «Cuánto tiempo conservamos tus datos».
                </li>
                <li>
                  <strong>Oposición:</strong> oponerte a un tratamiento basado en nuestro interés legítimo y, en todo
                  caso, a recibir comunicaciones comerciales.
                </li>
                <li>
                  <strong>Limitación:</strong> pedir que conservemos tus datos sin usarlos mientras se resuelve una
                  reclamación o si los necesitas para una defensa.
                </li>
                <li>
                  <strong>Portabilidad:</strong> recibir los datos que nos has dado en un formato estructurado y de uso
                  común, o que se los enviemos a otro responsable.
                </li>
                <li>
                  <strong>Retirar el consentimiento</strong> que nos hayas dado, en cualquier momento y sin que afecte a
                  la licitud del tratamiento anterior.
                </li>
              </ul>
              <p>
                Para ejercerlos, escríbenos a {email} o por correo postal a {COMPANY_ADDRESS}, indicando qué derecho
                quieres ejercer. Si tenemos dudas razonables sobre tu identidad, te pediremos que la acredites. Te
                responderemos en el plazo de un mes, que puede ampliarse dos meses más en solicitudes complejas; en ese
                caso te avisaremos dentro del primer mes.
              </p>
            </Section>

            <Section id="reclamacion">
              <p>
                Si consideras que no hemos tratado tus datos correctamente, puedes presentar una reclamación ante la{' '}
                <strong>Agencia Española de Protección de Datos</strong> (C/ Jorge Juan, 6, 28001 Madrid,{' '}
                <a href="https://www.aepd.es" target="_blank" rel="noopener noreferrer">
                  www.aepd.es
                  <span className="sr-only"> (se abre en una pestaña nueva)</span>
                </a>
                ). Te agradeceremos que antes nos escribas: intentaremos resolverlo.
              </p>
            </Section>

            <Section id="consentimiento">
              <p>Cuando un tratamiento depende de tu consentimiento:</p>
              <ul>
                <li>
                  Te lo pedimos <strong>para cada finalidad por separado</strong>, con su propia casilla: responder a tu
                  mensaje o candidatura es una, recibir comunicaciones comerciales es otra.
                </li>
                <li>
                  Las casillas aparecen <strong>sin marcar</strong>; solo cuentan si las marcas tú. No marcar la de
                  comunicaciones comerciales no te impide usar ningún servicio.
                </li>
                <li>
                  <strong>Guardamos qué consentiste y cuándo</strong> (fecha y hora) junto con la solicitud, para poder
                  demostrarlo.
                </li>
                <li>
                  Puedes <strong>retirarlo</strong> tan fácilmente como lo diste: desde las preferencias de tu cuenta o
                  escribiéndonos a {email}.
                </li>
              </ul>
            </Section>

            <Section id="cookies">
              <p>
                Esta web <strong>solo usa una cookie técnica</strong>, <code>mudanzas_session</code>, que se crea al
                iniciar sesión y sirve para mantenerla abierta de forma segura: es de uso propio, no es accesible desde
                JavaScript, no se envía a otros sitios y caduca al cerrar la sesión o, como máximo, a los 30 días. Al
                ser estrictamente necesaria para prestar el servicio que pides, no requiere consentimiento (art. 22.2 de
                la Ley 34/2002, LSSI).
              </p>
              <p>
                Además, mientras tienes la sesión iniciada, tu navegador guarda en su almacenamiento local una copia de
                los datos de tu perfil para mostrarlos sin esperar al servidor; se borra al cerrar la sesión.
              </p>
              <p>
                <strong>No usamos cookies de análisis, de publicidad ni de terceros.</strong> Si algún día las usamos,
                te pediremos antes tu consentimiento.
              </p>
            </Section>

            <Section id="seguridad">
              <p>
                Aplicamos medidas técnicas y organizativas adecuadas al riesgo: conexión cifrada, contraseñas guardadas
                con un algoritmo de cifrado irreversible, sesiones que solo conoce tu navegador, límites a los intentos
                de acceso y acceso de nuestro personal solo a los datos que necesita según su función.
              </p>
            </Section>

            <Section id="cambios">
              <p>
                Si cambiamos esta política, publicaremos la nueva versión en esta página con su fecha de actualización
                y, si el cambio es relevante, te lo comunicaremos. Para contratar nuestros servicios o crear una cuenta
                debes ser mayor de edad.
              </p>
              <p>
                Consulta también nuestras <Link to="/condiciones-uso">condiciones de uso</Link>.
              </p>
            </Section>
          </div>
        </section>
      </div>
    </div>
  );
}
