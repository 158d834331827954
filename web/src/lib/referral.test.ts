import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  captureReferral,
  REFERRAL_DAYS,
  REFERRAL_KEY,
  referralCodeOf,
  rememberedReferral,
  rememberReferral,
} from './referral';

const DAY = 24 * 60 * 60 * 1000;

describe('referral links', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('reads a code as someone may have typed it, and nothing else', () => {
    expect(referralCodeOf(' 7kq2m9xa ')).toBe('7KQ2M9XA');
    for (const bad of [null, '', '7KQ2M9X', '7KQ2M9XAB', 'OKQ2M9XA', '7KQ2 9XA', 'ÑKQ2M9XA', 'A'.repeat(100_000)]) {
      expect(referralCodeOf(bad)).toBeNull();
    }
  });

  it("remembers a link's code for 30 days and takes it out of the query string", () => {
    const now = Date.UTC(2026, 4, 1);
    expect(rememberReferral('?ref=7kq2m9xa&tab=perfil', now)).toBe('?tab=perfil');
    expect(rememberedReferral(now)).toBe('7KQ2M9XA');
    expect(rememberedReferral(now + REFERRAL_DAYS * DAY)).toBe('7KQ2M9XA');
    expect(rememberedReferral(now + REFERRAL_DAYS * DAY + 1)).toBe('');
    // Forgotten once expired.
    expect(localStorage.getItem(REFERRAL_KEY)).toBeNull();
    expect(rememberedReferral(now)).toBe('');
  });

  it('a newer link replaces an older one; a bad one is dropped from the address and keeps nothing new', () => {
    rememberReferral('?ref=7KQ2M9XA');
    rememberReferral('?ref=22222222');
    expect(rememberedReferral()).toBe('22222222');
    expect(rememberReferral('?ref=%3Cscript%3E')).toBe('');
    expect(rememberedReferral()).toBe('22222222');
    expect(rememberReferral('?tab=perfil')).toBe('?tab=perfil');
  });

  it('ignores what storage holds that is not its own, and storage that fails', () => {
    localStorage.setItem(REFERRAL_KEY, '{"codigo": "nope", "hasta": 99999999999999}');
    expect(rememberedReferral()).toBe('');
    localStorage.setItem(REFERRAL_KEY, 'not json');
    expect(rememberedReferral()).toBe('');
    localStorage.setItem(REFERRAL_KEY, JSON.stringify({ codigo: 'X'.repeat(500), hasta: Date.now() + DAY }));
    expect(rememberedReferral()).toBe('');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('full');
    });
    expect(() => rememberReferral('?ref=7KQ2M9XA')).not.toThrow();
  });

  it('on the first load, keeps the page and its other parameters in the address bar', () => {
    window.history.replaceState(null, '', '/buscador-precios?ref=7KQ2M9XA&x=1#precio');
    captureReferral();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/buscador-precios?x=1#precio',
    );
    expect(rememberedReferral()).toBe('7KQ2M9XA');
  });
});
