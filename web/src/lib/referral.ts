// 'Recomendar a un amigo': a friend's link is the site with `?ref=CODE`. The code is remembered
// for a while, so that a registration or a quote request made later (another page, another day)
// still names the client who recommended us; the server decides whether it counts.

export const REFERRAL_KEY = 'recomendacion';

/** How long a link's code is remembered after the visit. */
export const REFERRAL_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** As the server makes them (command/src/referrals.rs): eight of these characters, no 0/O, 1/I/L. */
const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

/** The code a `?ref=` value holds, as someone may have typed it; null when it is not one. */
export function referralCodeOf(value: string | null | undefined): string | null {
  // Bounded before anything else looks at it: a code is eight characters.
  const code = (value ?? '').slice(0, 32).trim().toUpperCase();
  return CODE.test(code) ? code : null;
}

interface Remembered {
  codigo: string;
  /** Milliseconds since the epoch after which it is forgotten. */
  hasta: number;
}

function read(): Remembered | null {
  try {
    const text = localStorage.getItem(REFERRAL_KEY);
    if (!text || text.length > 200) return null;
    const value = JSON.parse(text) as Partial<Remembered> | null;
    const codigo = referralCodeOf(typeof value?.codigo === 'string' ? value.codigo : null);
    return codigo && typeof value?.hasta === 'number' ? { codigo, hasta: value.hasta } : null;
  } catch {
    // Storage can be unavailable (private browsing) or hold something else: no code then.
    return null;
  }
}

/**
 * Remembers the code of a `?ref=` in `search` (a location's query string) for REFERRAL_DAYS;
 * a newer link replaces an older one. Returns the query string without it, so the address bar
 * does not keep showing it; unchanged when it carried none.
 */
export function rememberReferral(search: string, now: number = Date.now()): string {
  const params = new URLSearchParams(search);
  if (!params.has('ref')) return search;
  const codigo = referralCodeOf(params.get('ref'));
  if (codigo) {
    try {
      localStorage.setItem(REFERRAL_KEY, JSON.stringify({ codigo, hasta: now + REFERRAL_DAYS * DAY_MS }));
    } catch {
      /* storage unavailable: the visit is simply not attributed */
    }
  }
  params.delete('ref');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The remembered code while it lasts, else '' (and an expired one is forgotten). */
export function rememberedReferral(now: number = Date.now()): string {
  const remembered = read();
  if (!remembered) return '';
  if (remembered.hasta < now) {
    try {
      localStorage.removeItem(REFERRAL_KEY);
    } catch {
      /* storage unavailable */
    }
    return '';
  }
  return remembered.codigo;
}

/** For the page's first load: remembers a link's code and takes it out of the address bar. */
export function captureReferral(): void {
  const { pathname, search, hash } = window.location;
  const rest = rememberReferral(search);
  if (rest !== search) window.history.replaceState(window.history.state, '', `${pathname}${rest}${hash}`);
}
