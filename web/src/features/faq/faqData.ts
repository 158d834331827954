// The FAQ's questions and answers. Every figure here is one of spec §9's policies (booking ahead,
// date changes, cancellation fees, claims, insurance, hours, replies, VAT, retention) or the
// price finder's packs; the terms page (features/legal/termsContent.ts) states the same rules,
// so a change of policy changes both.

export interface FaqLink {
  to: string;
  label: string;
}

export interface FaqItem {
  id: string;
  question: string;
  /** Paragraphs of plain text: the search reads exactly what the reader sees. */
  answer: readonly string[];
  /** An internal page that answers further. */
  link?: FaqLink;
}

export interface FaqCategory {
  id: string;
  title: string;
  items: readonly FaqItem[];
}

export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  {
    id: 'reservas',
    title: 'Reservas y fechas',
    items: [
      {
        id: 'antelacion',
        question: '¿Con cuánta antelación debo reservar mi mudanza?',
        answer: [
          'Te recomendamos reservar con 4 a 6 semanas de antelación. Así podemos garantizarte la fecha que prefieras, sobre todo a final de mes, en verano y en puentes, que son las fechas más solicitadas.',
          'Si tu mudanza es urgente, consúltanos igualmente: muchas veces encontramos hueco con menos tiempo, aunque el precio puede incluir un suplemento por urgencia.',
        ],
      },
      {
        id: 'como-reservar',
        question: '¿Cómo reservo una mudanza?',
        answer: [
          'Calcula el precio orientativo en el buscador de precios y envíanos la solicitud de presupuesto desde el último paso. Revisamos los datos, te confirmamos el presupuesto definitivo y, al abonar el anticipo, la fecha queda reservada a tu nombre.',
        ],
        link: { to: '/buscador-precios', label: 'Ir al buscador de precios' },
      },
      {
        id: 'cambio-fecha',
        question: '¿Puedo cambiar la fecha de la mudanza?',
        answer: [
          'Sí. El cambio de fecha es gratuito si nos avisas con al menos 48 horas de antelación respecto a la hora prevista de inicio, y solo depende de que tengamos disponibilidad en la nueva fecha.',
          'Si faltan menos de 48 horas, haremos lo posible por moverla, pero el cambio deja de ser gratuito y se aplican los gastos de cancelación de las condiciones de uso.',
        ],
        link: { to: '/condiciones-uso', label: 'Ver las condiciones de uso' },
      },
      {
        id: 'franjas',
        question: '¿Puedo elegir la hora de la mudanza?',
        answer: [
          'Sí. Al pedir presupuesto eliges una franja: mañana (de 8:00 a 12:00), tarde (de 12:00 a 17:00), tarde-noche (de 17:00 a 20:00) o flexible. También puedes indicar una fecha alternativa por si la preferida no estuviera disponible.',
        ],
      },
    ],
  },
  {
    id: 'precios',
    title: 'Precios y pagos',
    items: [
      {
        id: 'precio',
        question: '¿Cómo se calcula el precio de la mudanza?',
        answer: [
          'El precio depende de los objetos que trasladamos (su volumen y peso), la distancia entre origen y destino, los accesos y plantas de cada vivienda, los servicios adicionales que elijas (desmontaje, embalaje, limpieza, objetos frágiles, escaleras largas) y, si la hay, la urgencia.',
          'En el buscador de precios lo calculas en seis pasos, con todo desglosado. El resultado es un precio orientativo, con el IVA del 21 % ya incluido.',
        ],
        link: { to: '/buscador-precios', label: 'Calcular mi precio' },
      },
      {
        id: 'precio-definitivo',
        question: '¿El precio del buscador es el precio final?',
        answer: [
          'Es un precio orientativo. Después de recibir tu solicitud revisamos el inventario y los accesos y te enviamos el presupuesto definitivo, que es el que se aplica. Si el día de la mudanza hay que trasladar lo mismo que figura en el presupuesto, el precio no cambia.',
        ],
      },
      {
        id: 'iva',
        question: '¿Los precios incluyen IVA?',
        answer: [
          'Sí. Todos los precios que mostramos, tanto en el buscador como en el presupuesto, incluyen el IVA del 21 %. En la factura verás la base imponible y el IVA por separado.',
        ],
      },
      {
        id: 'packs',
        question: '¿Qué son los packs de oferta?',
        answer: [
          'Son precios cerrados con descuento para mudanzas con origen y destino dentro de la M-30: Pack Esencial, desde 30 € (hasta 2 m³, unas cajas y objetos sueltos); Pack Avanzado, desde 90 € (hasta 4,7 m³, un estudio o un piso pequeño), y Pack Premium, desde 195 € (hasta 10 m³, un piso de dos o tres habitaciones).',
          'Si trasladas más volumen del que incluye el pack, el exceso se cobra a la tarifa normal. Fuera de la M-30 calculamos el precio como en cualquier otra mudanza.',
        ],
      },
      {
        id: 'pago',
        question: '¿Cómo y cuándo se paga?',
        answer: [
          'Para reservar la fecha se abona un anticipo, cuyo importe figura en el presupuesto. El resto se paga según lo indicado en el presupuesto. Puedes pagar con tarjeta de forma segura desde nuestra web, y en tu área de cliente ves en todo momento lo pagado y lo pendiente.',
          'Con cada pago recibes la factura correspondiente.',
        ],
      },
    ],
  },
  {
    id: 'cancelaciones',
    title: 'Cancelaciones, seguro y reclamaciones',
    items: [
      {
        id: 'cancelacion',
        question: '¿Cuánto cuesta cancelar una mudanza?',
        answer: [
          'Depende de la antelación con la que nos avises, contada desde la hora prevista de inicio: con más de 48 horas, la cancelación es gratuita; entre 24 y 48 horas, cobramos el 25 % del presupuesto; con menos de 24 horas, el 50 % del presupuesto.',
        ],
        link: { to: '/condiciones-uso', label: 'Ver las condiciones de cancelación' },
      },
      {
        id: 'anticipo-cancelacion',
        question: 'Si cancelo, ¿me devolvéis el anticipo?',
        answer: [
          'Si cancelas con más de 48 horas de antelación, te devolvemos el anticipo íntegro. Si cancelas con menos, descontamos del anticipo los gastos de cancelación que correspondan y te devolvemos la diferencia, si la hay.',
        ],
      },
      {
        id: 'seguro',
        question: '¿Mis muebles y enseres están asegurados?',
        answer: [
          'Sí. Todas nuestras mudanzas incluyen un seguro que cubre los daños que puedan sufrir tus bienes durante la carga, el transporte y la descarga, así como el embalaje y la protección que realiza nuestro equipo.',
          'Para que la cobertura funcione bien, revisa el inventario antes de firmar el albarán de entrega y anota en él cualquier daño visible.',
        ],
      },
      {
        id: 'no-transportamos',
        question: '¿Hay objetos que no transportáis?',
        answer: [
          'No transportamos dinero, joyas, documentos personales o importantes, títulos ni objetos de valor similares: te pedimos que los lleves tú. Tampoco materiales peligrosos, inflamables o ilegales, ni animales o plantas que necesiten cuidados especiales.',
        ],
      },
      {
        id: 'reclamacion',
        question: '¿Cómo presento una reclamación?',
        answer: [
          'Tienes 7 días naturales desde el final de la mudanza para presentar una reclamación por daños o pérdidas. Escríbenos por correo electrónico o desde la página de contacto con una descripción de lo ocurrido y, si puedes, fotografías.',
          'Te responderemos en un plazo máximo de 15 días hábiles. También tienes a tu disposición hojas de reclamaciones oficiales.',
        ],
        link: { to: '/contacto', label: 'Ir a la página de contacto' },
      },
    ],
  },
  {
    id: 'servicios',
    title: 'Servicios',
    items: [
      {
        id: 'servicios',
        question: '¿Qué servicios ofrecéis?',
        answer: [
          'Hacemos mudanzas de hogares y de oficinas, nacionales e internacionales por toda Europa, además de traslado de vehículos, de muebles sueltos y otros transportes.',
          'Como servicios adicionales ofrecemos montaje y desmontaje de muebles, embalaje profesional, guardamuebles temporal, limpieza de la vivienda después de la mudanza, manipulación de objetos frágiles y documentación fotográfica opcional del estado de tus bienes.',
        ],
      },
      {
        id: 'montaje',
        question: '¿Desmontáis y volvéis a montar los muebles?',
        answer: [
          'Sí. Nuestro equipo desmonta los muebles en origen, los protege para el transporte y los vuelve a montar en destino. El montaje y el desmontaje tienen una garantía de 30 días.',
        ],
      },
      {
        id: 'guardamuebles',
        question: '¿Podéis guardar mis muebles unos días o semanas?',
        answer: [
          'Sí. Si entre la salida de tu vivienda y la entrada en la nueva pasan unos días o semanas, guardamos tus muebles y cajas en nuestro guardamuebles y te los entregamos cuando nos digas.',
        ],
      },
      {
        id: 'europa',
        question: '¿Hacéis mudanzas a otros países de Europa?',
        answer: [
          'Sí. Organizamos mudanzas desde Madrid a cualquier país de Europa y desde Europa a España, con el inventario firmado en origen y en destino. Si lo necesitas, combinamos el traslado con guardamuebles hasta la fecha de entrega.',
        ],
      },
      {
        id: 'limpieza',
        question: '¿Ofrecéis limpieza después de la mudanza?',
        answer: [
          'Sí. Puedes añadir la limpieza de la vivienda que dejas (o de la nueva, antes de entrar) como servicio adicional al pedir presupuesto.',
        ],
      },
    ],
  },
  {
    id: 'atencion',
    title: 'Atención al cliente y datos',
    items: [
      {
        id: 'horario',
        question: '¿Cuál es vuestro horario de atención?',
        answer: [
          'Atendemos de lunes a viernes de 8:00 a 21:00 y los sábados de 9:00 a 15:00. Fuera de ese horario puedes escribirnos por el formulario de contacto, por correo electrónico o por WhatsApp y te contestaremos en cuanto abramos.',
        ],
      },
      {
        id: 'respuesta',
        question: '¿Cuánto tardáis en responder?',
        answer: [
          'Respondemos a los mensajes del formulario de contacto y a las solicitudes de presupuesto en menos de 24 horas. Las candidaturas de empleo las contestamos en un plazo de 7 días hábiles.',
        ],
      },
      {
        id: 'cuenta',
        question: '¿Necesito crear una cuenta?',
        answer: [
          'No para pedir presupuesto. Con una cuenta de cliente, en cambio, ves el estado de tus mudanzas, sus fotos y pagos, descargas el albarán y gestionas tus datos y preferencias. Puedes eliminar tu cuenta cuando quieras desde tu área de cliente.',
        ],
        link: { to: '/registro', label: 'Crear una cuenta' },
      },
      {
        id: 'datos',
        question: '¿Cuánto tiempo guardáis mis datos?',
        answer: [
          'Los datos de tus mudanzas y facturas los conservamos mientras dura el contrato y, después, durante 6 años, que es el plazo que exige la ley para la documentación contable y fiscal. El resto de datos los borramos cuando dejan de ser necesarios, como se explica en la política de privacidad.',
        ],
        link: { to: '/politica-privacidad', label: 'Leer la política de privacidad' },
      },
    ],
  },
];

export const FAQ_COUNT = FAQ_CATEGORIES.reduce((sum, category) => sum + category.items.length, 0);
