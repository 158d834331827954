import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../lib/api';
import { countText, filterByRecipient, formatSent, linkify, newestFirst } from './outbox';

const message = (id: string, para: string, enviado: string): OutboxMessage => ({
  id,
  para,
  asunto: `Asunto ${id}`,
  texto: '',
  enviado,
});

describe('linkify', () => {
  it('turns http(s) URLs into links and keeps every other character', () => {
    const text = 'Abre http://127.0.0.1:18300/recuperar?token=a_b-C9 para continuar.\nO https://x.es/y.';
    const parts = linkify(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'Abre ' },
      { kind: 'link', href: 'http://127.0.0.1:18300/recuperar?token=a_b-C9' },
      { kind: 'text', text: ' para continuar.\nO ' },
      { kind: 'link', href: 'https://x.es/y' },
      { kind: 'text', text: '.' },
    ]);
    expect(parts.map((p) => (p.kind === 'link' ? p.href : p.text)).join('')).toBe(text);
  });

  it('leaves text without URLs alone', () => {
    expect(linkify('Tu código es 123456')).toEqual([{ kind: 'text', text: 'Tu código es 123456' }]);
    expect(linkify('')).toEqual([]);
  });

  it('does not swallow a closing parenthesis', () => {
    expect(linkify('(https://mudanzas.test/a)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', href: 'https://mudanzas.test/a' },
      { kind: 'text', text: ')' },
    ]);
  });
});

describe('newestFirst and filterByRecipient', () => {
  const a = message('a', 'Ana@Ejemplo.es', '2026-03-01T10:00:00Z');
  const b = message('b', 'luis@ejemplo.es', '2026-03-02T10:00:00Z');
  const c = message('c', 'ana@ejemplo.es', 'no es una fecha');

  it('orders by send time, newest first, unknown dates last', () => {
    expect(newestFirst([a, c, b]).map((m) => m.id)).toEqual(['b', 'a', 'c']);
  });

  it('filters on part of the address, ignoring case and spaces around the query', () => {
    expect(filterByRecipient([a, b, c], ' ANA@ ').map((m) => m.id)).toEqual(['a', 'c']);
    expect(filterByRecipient([a, b, c], '').map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(filterByRecipient([a, b, c], 'pedro')).toEqual([]);
  });
});

describe('formatSent and countText', () => {
  it('formats in es-ES and leaves an unreadable date as it came', () => {
    const iso = '2026-03-09T10:15:00Z';
    const expected = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date(iso),
    );
    expect(formatSent(iso)).toBe(expected);
    expect(formatSent(iso)).toMatch(/2026/);
    expect(formatSent('ayer')).toBe('ayer');
  });

  it('says correo or correos', () => {
    expect(countText(1)).toBe('1 correo');
    expect(countText(0)).toBe('0 correos');
    expect(countText(1200)).toMatch(/^1\.?200 correos$/);
  });
});
