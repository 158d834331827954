import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeMove } from '../../test/fixtures';
import { CONDITION_REQUIRED, NOTE_REQUIRED, SIGNATURE_REQUIRED, WaybillModal } from './WaybillModal';

const sofa = { id: 'sofa-3', nombre: 'Sofá de 3 plazas', peso: 45, quantity: 1 };

function open(overrides: Parameters<typeof makeMove>[0] = { id: 7 }) {
  const onNote = vi.fn().mockResolvedValue(null);
  const onSign = vi.fn().mockResolvedValue(true);
  const move = makeMove({
    estado: 'en curso',
    objects: [sofa],
    firmas: [],
    estado_objetos: [],
    albaran_sha256: 'a'.repeat(64),
    ...overrides,
  });
  render(
    <WaybillModal
      move={move}
      pendingPhotos={[]}
      workerName="Luis García"
      onNote={onNote}
      onSign={onSign}
      onClose={() => {}}
    />,
  );
  return { onNote, onSign };
}

describe('the waybill modal', () => {
  it("notes an object's condition, with a note required for damage", async () => {
    const { onNote } = open();
    expect(screen.getByRole('tab', { name: 'Recogida' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Anotar estado' }));
    const form = screen.getByRole('form', { name: 'Estado de Sofá de 3 plazas' });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar estado' }));
    expect((await within(form).findByText(CONDITION_REQUIRED)).textContent).toBe(CONDITION_REQUIRED);
    fireEvent.click(within(form).getByLabelText('Daños previos'));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar estado' }));
    expect((await within(form).findByText(NOTE_REQUIRED)).textContent).toBe(NOTE_REQUIRED);
    fireEvent.change(within(form).getByLabelText(/^Nota/), { target: { value: ' Rayón en la puerta ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar estado' }));
    await waitFor(() => expect(onNote).toHaveBeenCalledTimes(1));
    expect(onNote.mock.calls[0]?.[0]).toEqual({
      etapa: 'recogida',
      objeto_id: 'sofa-3',
      objeto_nombre: 'Sofá de 3 plazas',
      estado: 'danos_previos',
      nota: 'Rayón en la puerta',
    });
  });

  it('asks for a drawn signature and shows one already given instead of its pad', async () => {
    const { onSign } = open({
      id: 7,
      firmas: [
        {
          id: 'f1',
          etapa: 'recogida',
          firmante: 'operario',
          nombre: 'Luis García',
          firmado_en: '2026-12-04T08:00:00Z',
          sha256_albaran: 'a'.repeat(64),
          url: '/api/mudanza/7/firmas/f1',
        },
      ],
    });
    screen.getByText('Con su firma, el cliente acepta los objetos y servicios listados.');
    expect(screen.getByRole('img', { name: 'Firma del operario: Luis García' }).getAttribute('src')).toBe(
      '/api/mudanza/7/firmas/f1',
    );
    const client = screen.getByRole('form', { name: 'Firma del cliente' });
    expect((within(client).getByLabelText(/Nombre del cliente/) as HTMLInputElement).value).toBe('Marta Sánchez');
    fireEvent.click(within(client).getByRole('button', { name: 'Guardar firma' }));
    expect((await within(client).findByText(SIGNATURE_REQUIRED)).textContent).toBe(SIGNATURE_REQUIRED);
    expect(onSign).not.toHaveBeenCalled();
  });
});
