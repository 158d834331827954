import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

describe('Modal', () => {
  it('closes with Escape', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Editar mudanza" onClose={onClose}>
        contenido
      </Modal>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with a dialog opened over another, Escape closes only the one on top', () => {
    const closeUnder = vi.fn();
    const closeOnTop = vi.fn();
    render(
      <>
        <Modal title="Mudanza nº 7" onClose={closeUnder}>
          detalle
        </Modal>
        <Modal title="Reembolsar" onClose={closeOnTop}>
          confirmación
        </Modal>
      </>,
    );
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closeOnTop).toHaveBeenCalledTimes(1);
    expect(closeUnder).not.toHaveBeenCalled();
  });
});
