// The terms and conditions (§2: collapsible sections whose content is HTML). The HTML is static
// text written here, interpolating only this module's own constants: nothing a user typed ever
// reaches it, which is what makes rendering it as HTML safe. The policies are spec §9's; the FAQ
// (features/faq/faqData.ts) states the same ones.
import { COMPANY_PHONE_HREF } from '../../lib/company';
import { COMPANY_ADDRESS, COMPANY_LEGAL } from './legalData';

export interface TermsSection {
  id: string;
  title: string;
  /** Trusted static HTML: paragraphs, lists and links. */
  html: string;
}

const { nombre, nif, telefono, email } = COMPANY_LEGAL;
const mail = `<a href="mailto:${email}">${email}</a>`;
const phone = `<a href="${COMPANY_PHONE_HREF}">${telefono}</a>`;

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    id: 'objeto',
    title: 'Objeto del servicio',
    html: `
<p>Estas condiciones regulan el uso de esta web y la contratación de los servicios de ${nombre} (en adelante, «la empresa»): mudanzas de hogares y oficinas, nacionales e internacionales dentro de Europa, traslado de vehículos, muebles y otros objetos, y los servicios adicionales de montaje y desmontaje de muebles, embalaje, guardamuebles temporal, limpieza y documentación fotográfica.</p>
<p>El contrato de mudanza se rige por estas condiciones, por el presupuesto aceptado y por la Ley 15/2009, de 11 de noviembre, del contrato de transporte terrestre de mercancías, en particular por sus disposiciones sobre el contrato de mudanza. Si eres consumidor, te amparan además el texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios (Real Decreto Legislativo 1/2007) y el resto de la normativa de consumo, que prevalecen sobre cualquier cláusula que te resulte menos favorable.</p>
<p>Al solicitar un presupuesto o contratar un servicio declaras que eres mayor de edad y que los datos que nos facilitas son ciertos.</p>`,
  },
  {
    id: 'presupuestos',
    title: 'Presupuestos y precio',
    html: `
<p>El <a href="/buscador-precios">buscador de precios</a> calcula un <strong>precio orientativo</strong> a partir de los datos que introduces: los objetos y su volumen, la distancia, el tipo de vivienda, la planta, el ascensor y los accesos de origen y destino, los servicios adicionales y la urgencia. Ese precio no es una oferta vinculante.</p>
<p>Tras recibir tu solicitud te enviamos un <strong>presupuesto definitivo</strong> por escrito, que detalla los servicios incluidos, el precio total, el anticipo y la forma de pago. El propio presupuesto indica su plazo de validez.</p>
<p>Todos los precios se expresan en euros e <strong>incluyen el IVA del 21 %</strong>. Los packs de oferta solo se aplican cuando el origen y el destino están dentro de la M-30; el volumen que supere el incluido en el pack se cobra a la tarifa normal.</p>
<p>El precio presupuestado se mantiene si el día de la mudanza el inventario, los accesos y los servicios coinciden con los declarados. Si hay diferencias (más objetos, un acceso más difícil o una planta distinta), te informaremos del coste adicional antes de realizar el trabajo y solo lo haremos con tu conformidad.</p>`,
  },
  {
    id: 'reserva',
    title: 'Reserva y anticipo',
    html: `
<p>Recomendamos reservar con <strong>4 a 6 semanas de antelación</strong>, sobre todo en temporada alta. La reserva se confirma cuando aceptas el presupuesto definitivo y abonas el anticipo que figura en él; desde ese momento la fecha y la franja horaria quedan reservadas a tu nombre.</p>
<p>El anticipo se descuenta del precio total. El importe pendiente se abona en la forma y en el plazo indicados en el presupuesto. En tu área de cliente puedes consultar en cualquier momento lo pagado y lo pendiente.</p>
<p>Como la mudanza se presta en una fecha determinada, de acuerdo con el artículo 103.l) de la Ley General para la Defensa de los Consumidores y Usuarios no se aplica el derecho de desistimiento de 14 días de los contratos a distancia. Puedes, en cambio, cambiar la fecha o cancelar en las condiciones de la cláusula siguiente.</p>`,
  },
  {
    id: 'cambios-cancelaciones',
    title: 'Cambios de fecha y cancelaciones',
    html: `
<p><strong>Cambio de fecha.</strong> Es gratuito si lo solicitas con al menos <strong>48 horas de antelación</strong> respecto a la hora prevista de inicio, sujeto a disponibilidad en la nueva fecha. Con menos antelación intentaremos atenderlo, pero el cambio se trata como una cancelación a efectos de los gastos de esta cláusula.</p>
<p><strong>Cancelación.</strong> Los gastos dependen de la antelación con la que nos avises, contada desde la hora prevista de inicio:</p>
<ul>
  <li>Con más de 48 horas: <strong>gratuita</strong>; te devolvemos el anticipo íntegro.</li>
  <li>Entre 24 y 48 horas: <strong>el 25 % del presupuesto</strong>.</li>
  <li>Con menos de 24 horas: <strong>el 50 % del presupuesto</strong>.</li>
</ul>
<p>Los gastos de cancelación se descuentan del anticipo y, si el anticipo fuera mayor, te devolvemos la diferencia en un plazo máximo de 14 días por el mismo medio de pago. Comunícanos el cambio o la cancelación por correo electrónico a ${mail} o por teléfono al ${phone}; cuenta la hora en que lo recibimos.</p>
<p>Si somos nosotros quienes no podemos prestar el servicio en la fecha reservada por causas que nos sean imputables, te devolveremos íntegramente lo pagado o, si lo prefieres, te ofreceremos otra fecha sin coste.</p>`,
  },
  {
    id: 'responsabilidad-seguro',
    title: 'Responsabilidad y seguro',
    html: `
<p>Todas nuestras mudanzas incluyen un <strong>seguro</strong> que cubre los daños que sufran tus bienes durante la carga, el transporte, la descarga y el tiempo que estén bajo nuestra custodia, así como el embalaje y la protección realizados por nuestro equipo.</p>
<p>Respondemos de la pérdida o avería de los bienes desde que los recibimos hasta que te los entregamos, en los términos y con los límites de la Ley 15/2009. No respondemos de los daños debidos a un vicio propio de los bienes, a un embalaje realizado por el cliente que resulte inadecuado, a la falta de veracidad de la información facilitada ni a causas de fuerza mayor.</p>
<p>El montaje y el desmontaje de muebles que realizamos tienen una garantía de 30 días.</p>
<p>Al entregar los bienes firmarás el albarán con el inventario. Te pedimos que revises el estado de los bienes en ese momento y anotes en el albarán cualquier daño o falta visible.</p>`,
  },
  {
    id: 'reclamaciones',
    title: 'Reclamaciones',
    html: `
<p>Puedes presentar una reclamación por daños o pérdidas en un plazo de <strong>7 días naturales</strong> desde la entrega, indicando tu nombre, la fecha de la mudanza, los objetos afectados y lo ocurrido y, si es posible, adjuntando fotografías. Los daños visibles en el momento de la entrega deben anotarse además en el albarán.</p>
<p>Envíala a ${mail}, desde la <a href="/contacto">página de contacto</a> o por correo postal a ${COMPANY_ADDRESS}. Te confirmaremos su recepción y te daremos una respuesta motivada en un plazo máximo de <strong>15 días hábiles</strong>.</p>
<p>Tienes también a tu disposición hojas de reclamaciones oficiales, y puedes acudir a los servicios de consumo de tu comunidad autónoma o a la Junta Arbitral del Transporte competente.</p>`,
  },
  {
    id: 'obligaciones-cliente',
    title: 'Obligaciones del cliente',
    html: `
<p>Para que la mudanza se realice en el tiempo y el precio previstos, como cliente te comprometes a:</p>
<ul>
  <li>Facilitar información veraz y completa sobre los objetos que se trasladan, las direcciones, las plantas, los ascensores y los accesos.</li>
  <li>Garantizar el acceso a las viviendas o locales de origen y destino el día y a la hora acordados, y que una persona autorizada esté presente en la carga y en la entrega.</li>
  <li>Obtener los <strong>permisos de estacionamiento</strong> o de ocupación de la vía pública que exija el ayuntamiento, o encargarnos su gestión con antelación suficiente, y avisar de cualquier restricción de acceso (zonas peatonales, calles estrechas, horarios de carga).</li>
  <li>Tener embalados y cerrados los objetos que te corresponda embalar si no has contratado nuestro servicio de embalaje, y vaciar los muebles que lo requieran.</li>
  <li>Abonar el precio en la forma y los plazos acordados.</li>
</ul>
<p><strong>Objetos que no transportamos.</strong> No trasladamos dinero, joyas, metales preciosos, títulos, documentos personales o importantes, ni otros objetos de valor similares, que deberás llevar contigo. Tampoco materiales peligrosos, inflamables, explosivos o ilegales, ni animales o plantas que necesiten cuidados especiales.</p>`,
  },
  {
    id: 'pagos',
    title: 'Pagos y facturación',
    html: `
<p>Puedes pagar con tarjeta de forma segura desde nuestra web. Los cobros con tarjeta los procesa una entidad de pago; nosotros no almacenamos el número completo de tu tarjeta.</p>
<p>Con cada pago emitimos la factura correspondiente, con la base imponible y el IVA desglosados. Si necesitas una factura a nombre de una empresa, indícanos sus datos fiscales antes de la mudanza.</p>`,
  },
  {
    id: 'uso-web',
    title: 'Uso de la web y cuenta de cliente',
    html: `
<p>Te comprometes a usar esta web de forma lícita y a no introducir datos falsos, código dañino ni contenidos de terceros sin autorización. Los textos, imágenes, logotipos y el diseño de la web son de la empresa o se usan con permiso, y no pueden reproducirse sin autorización.</p>
<p>Eres responsable de custodiar la contraseña de tu cuenta de cliente. Puedes cambiarla y eliminar tu cuenta en cualquier momento desde tu área de cliente.</p>
<p>Procuramos que la web funcione sin interrupciones, pero no podemos garantizarlo en todo momento; las tareas de mantenimiento o causas ajenas pueden impedir el acceso temporalmente.</p>`,
  },
  {
    id: 'proteccion-datos',
    title: 'Protección de datos',
    html: `
<p>Tratamos tus datos personales para gestionar tus presupuestos, tus mudanzas y tu cuenta, de acuerdo con el Reglamento General de Protección de Datos (RGPD) y la Ley Orgánica 3/2018 (LOPDGDD). Conservamos los datos de tus mudanzas y facturas durante el contrato y 6 años más.</p>
<p>Encontrarás toda la información sobre el tratamiento y sobre cómo ejercer tus derechos en la <a href="/politica-privacidad">política de privacidad</a>.</p>`,
  },
  {
    id: 'ley-jurisdiccion',
    title: 'Legislación aplicable y jurisdicción',
    html: `
<p>Estas condiciones se rigen por la legislación española.</p>
<p>Si eres consumidor, para cualquier controversia serán competentes los juzgados y tribunales de tu domicilio, como establece la normativa de consumo. Si contratas como empresa o profesional, ambas partes se someten a los juzgados y tribunales de la ciudad de Madrid.</p>
<p>Antes de acudir a los tribunales te invitamos a escribirnos: la mayoría de los problemas se resuelven hablando.</p>`,
  },
  {
    id: 'identificacion',
    title: 'Identificación de la empresa',
    html: `
<ul>
  <li><strong>Razón social:</strong> ${nombre}</li>
  <li><strong>NIF:</strong> ${nif}</li>
  <li><strong>Domicilio:</strong> ${COMPANY_ADDRESS}</li>
  <li><strong>Teléfono:</strong> ${phone}</li>
  <li><strong>Correo electrónico:</strong> ${mail}</li>
  <li><strong>Horario de atención:</strong> de lunes a viernes de 8:00 a 21:00 y sábados de 9:00 a 15:00</li>
</ul>`,
  },
];

/** §2: the quick-nav lists the first 6 sections. */
export const QUICK_NAV_SECTIONS = TERMS_SECTIONS.slice(0, 6);
