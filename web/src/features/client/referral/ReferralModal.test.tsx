import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fixtures';
import { QuickActions } from '../QuickActions';
import { friendsText, REFERRAL_MESSAGES, ReferralModal, shareText } from './ReferralModal';

const LINK = 'https://mudanzas.example/?ref=7KQ2M9XA';

function answer(amigos: number) {
  return { success: true, codigo: '7KQ2M9XA', enlace: LINK, amigos };
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('Recomendar a un amigo', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('opens from the quick actions and shows the personal link and how many friends came', async () => {
    mockFetch({ 'GET /api/mi-recomendacion': () => jsonResponse(answer(1)) });
    render(
      <MemoryRouter>
        <QuickActions onReview={() => {}} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Recomendar a un amigo/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Recomendar a un amigo' }));
    expect(((await dialog.findByLabelText('Tu enlace personal')) as HTMLInputElement).value).toBe(LINK);
    expect(dialog.getByText('1 amigo ha llegado con tu enlace.')).toBeTruthy();

    const whatsapp = dialog.getByRole('link', { name: /Compartir por WhatsApp/ });
    expect(whatsapp.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(shareText(LINK))}`);
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    const email = dialog.getByRole('link', { name: /Enviar por email/ }).getAttribute('href')!;
    expect(email.startsWith('mailto:?subject=')).toBe(true);
    expect(decodeURIComponent(email)).toContain(LINK);

    fireEvent.click(dialog.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says how many friends came, in the singular and the plural', () => {
    expect(friendsText(0)).toBe('Aún no ha llegado ningún amigo con tu enlace.');
    expect(friendsText(1)).toBe('1 amigo ha llegado con tu enlace.');
    expect(friendsText(3)).toBe('3 amigos han llegado con tu enlace.');
    expect(friendsText(1200)).toBe('1.200 amigos han llegado con tu enlace.');
  });

  it('copies the link and says so', async () => {
    mockFetch({ 'GET /api/mi-recomendacion': () => jsonResponse(answer(2)) });
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    render(<ReferralModal onClose={() => {}} />);
    await screen.findByText('2 amigos han llegado con tu enlace.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    });
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(screen.getByRole('status').textContent).toContain(REFERRAL_MESSAGES.copied);
  });

  it('copies through the selected field when the clipboard refuses, and says when neither works', async () => {
    mockFetch({ 'GET /api/mi-recomendacion': () => jsonResponse(answer(0)) });
    stubClipboard(() => Promise.reject(new Error('denied')));
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    render(<ReferralModal onClose={() => {}} />);
    await screen.findByText('Aún no ha llegado ningún amigo con tu enlace.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    });
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('status').textContent).toContain(REFERRAL_MESSAGES.copied);

    execCommand.mockReturnValue(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    });
    expect(screen.getByRole('status').textContent).toBe(REFERRAL_MESSAGES.copyFailed);
    expect(document.activeElement).toBe(screen.getByLabelText('Tu enlace personal'));
  });

  it('says when the link could not be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/mi-recomendacion': () => jsonResponse({ success: false, error: 'x' }, 500) });
    render(<ReferralModal onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe(REFERRAL_MESSAGES.failed);
  });
});
