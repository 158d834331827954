// The about page's copy (§2 'About': hero, four sections with images, a messaging card, an FAQ card).
import { ABOUT_IMAGES } from './aboutImages';

export interface AboutSection {
  id: string;
  eyebrow: string;
  title: string;
  paragraphs: readonly string[];
  facts: readonly { value: string; label: string }[];
  image: { src: string; alt: string };
}

const image = (slug: string) => {
  const found = ABOUT_IMAGES.find((i) => i.src.endsWith(`/${slug}.svg`));
  if (!found) throw new Error(`falta la ilustración ${slug}`);
  return found;
};

export const ABOUT_SECTIONS: readonly AboutSection[] = [
  {
    id: 'historia',
    eyebrow: 'Desde 2009',
    title: 'Nuestra historia',
    paragraphs: [
      'Mudanzas Madrid nació en 2009 en el barrio de Embajadores, con una furgoneta alquilada y dos socios que llevaban años trabajando de operarios para otras empresas. Las primeras mudanzas fueron pisos sin ascensor de Lavapiés, La Latina y Chamberí: allí aprendimos a subir un sofá por una escalera de caracol sin rozar una pared.',
      'En 2014 compramos el primer camión de 40 m³ con plataforma elevadora, en 2017 abrimos nuestro guardamuebles y en 2019 empezamos las rutas regulares a Francia y Portugal. La oficina sigue en la Calle de Embajadores 100, a dos calles de donde empezamos.',
    ],
    facts: [
      { value: '1500', label: 'mudanzas realizadas' },
      { value: '230.000 km', label: 'recorridos' },
    ],
    image: image('historia'),
  },
  {
    id: 'equipo',
    eyebrow: 'Personas',
    title: 'Nuestro equipo',
    paragraphs: [
      'Somos más de 30 profesionales en plantilla: conductores con carné C, operarios de carga, montadores, coordinadores de mudanza y atención al cliente. No subcontratamos: quien te visita para el presupuesto trabaja con quien llega el día de la mudanza.',
      'Cada operario se forma en embalaje, manipulación de cargas pesadas y montaje de muebles antes de su primera mudanza, y cada mudanza tiene un coordinador que es tu único interlocutor de principio a fin.',
    ],
    facts: [
      { value: '+30', label: 'profesionales en plantilla' },
      { value: '1', label: 'coordinador por mudanza' },
    ],
    image: image('equipo'),
  },
  {
    id: 'como-trabajamos',
    eyebrow: 'Método',
    title: 'Cómo trabajamos',
    paragraphs: [
      'Todo empieza con el presupuesto: lo calculas en el buscador de precios o lo pides por el formulario de contacto, y te respondemos en menos de 24 horas. Recomendamos reservar con 4 a 6 semanas de antelación; si cambian tus planes, la fecha se cambia sin coste avisando con 48 horas.',
      'El día de la mudanza protegemos suelos, puertas y muebles, embalamos lo que haga falta, cargamos y transportamos. En destino montamos los muebles y, si lo contratas, dejamos el piso antiguo limpio. Atendemos de lunes a viernes de 8:00 a 21:00 y los sábados de 9:00 a 15:00.',
    ],
    facts: [
      { value: '< 24 h', label: 'para responder tu solicitud' },
      { value: '48 h', label: 'de aviso para cambiar la fecha gratis' },
    ],
    image: image('como-trabajamos'),
  },
  {
    id: 'compromiso',
    eyebrow: 'Garantías',
    title: 'Nuestro compromiso',
    paragraphs: [
      'Todas nuestras mudanzas incluyen seguro de daños a tus bienes, además del embalaje y la protección de los muebles. Si algo sufre un daño, tienes 7 días para comunicárnoslo y te respondemos en un máximo de 15 días laborables.',
      'Trabajamos en toda la Comunidad de Madrid, en el resto de España peninsular y en Europa, con rutas a Francia, Portugal, Italia, Alemania y el Benelux. Reutilizamos cajas y mantas en cada servicio y el precio que aceptas es el que pagas.',
    ],
    facts: [
      { value: 'Seguro', label: 'de daños incluido' },
      { value: '7 días', label: 'para comunicar un daño' },
    ],
    image: image('compromiso'),
  },
];

/** §9: the offset the page keeps under the navbar when it scrolls to a section. */
export const SCROLL_OFFSET_PX = 100;
