// Pure helpers of the local-development outbox on /dev.
import type { OutboxMessage } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

// Stops at whitespace and at characters that usually wrap a URL in prose; trailing punctuation
// is trimmed below, so 'abre http://x/y.' links to 'http://x/y'.
const URL_PATTERN = /https?:\/\/[^\s<>"'«»]+/g;
const TRAILING = /[.,;:!?)\]]+$/;

/** Splits an email's plain text into text and http(s) links, in order, losing nothing. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const href = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Newest first whatever order the server used; unparseable dates go last. */
export function newestFirst(messages: readonly OutboxMessage[]): OutboxMessage[] {
  const time = (m: OutboxMessage) => {
    const t = Date.parse(m.enviado);
    return Number.isNaN(t) ? -Infinity : t;
  };
  return [...messages].sort((a, b) => time(b) - time(a));
}

/** The recipient filter: a case-insensitive part of the address; blank keeps everything. */
export function filterByRecipient(messages: readonly OutboxMessage[], query: string): OutboxMessage[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...messages];
  return messages.filter((m) => m.para.toLowerCase().includes(needle));
}

/** '2026-03-09T10:15:00Z' → '9 mar 2026, 11:15:00' (in the browser's time zone). */
export function formatSent(iso: string): string {
  return formatDateTime(iso, { seconds: true });
}

/** '1 correo', '3 correos'. */
export function countText(n: number): string {
  return `${formatNumber(n)} ${n === 1 ? 'correo' : 'correos'}`;
}
