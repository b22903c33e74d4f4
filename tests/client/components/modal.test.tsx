import { describe, expect, it, vi } from 'vitest';
import { render, screen, fireEvent, act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from '@client/components/modal';
import { ConfirmDelete } from '@client/components/confirm-delete';
import { LABELS, MSG } from '@shared/messages';

function Harness({ onOpenChange }: { onOpenChange?: (o: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        onOpenChange?.(o);
        setOpen(o);
      }}
      title="ACTIVIDAD"
      footer={<button type="button">Grabar</button>}
    >
      <input aria-label="Nombre" />
    </Modal>
  );
}

describe('Modal', () => {
  it('does not close on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Nombre'));
    await user.keyboard('{Escape}');
    screen.getByRole('dialog');
  });

  it('does not close on a click outside (static backdrop)', async () => {
    const spy = vi.fn();
    render(<Harness onOpenChange={spy} />);
    // Radix attaches its outside-pointer listener on the next tick.
    await act(() => new Promise((r) => setTimeout(r, 20)));
    const overlay = document.querySelector('.modal-overlay') as HTMLElement;
    fireEvent.pointerDown(overlay);
    fireEvent.mouseDown(overlay);
    fireEvent.click(overlay);
    fireEvent.pointerDown(document.body);
    screen.getByRole('dialog');
    expect(spy).not.toHaveBeenCalled();
  });

  it('closes with the header close button and shows title and footer', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole('dialog', { name: 'ACTIVIDAD' });
    screen.getByRole('button', { name: 'Grabar' });
    await user.click(screen.getByRole('button', { name: LABELS.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on its first field, not on the header close button; a field-less modal on its first footer button', () => {
    render(
      <Modal open onOpenChange={() => {}} title="SALIDA" footer={<button type="button">Grabar</button>}>
        <input aria-label="Fecha oculta" type="date" tabIndex={-1} aria-hidden="true" />
        <input aria-label="Código" readOnly />
        <input aria-label="N° vale" />
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('N° vale'));
  });

  it('a modal still loading its record opens on Cancelar and moves to the first field once it appears', async () => {
    const body = (loaded: boolean) => (
      <Modal open onOpenChange={() => {}} title="EDITAR SALIDA" footer={<button type="button">Cancelar</button>}>
        {loaded ? <input aria-label="N° vale" /> : <p>Cargando…</p>}
      </Modal>
    );
    const { rerender } = render(body(false));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar' }));
    rerender(body(true));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('N° vale')));
  });

  it('does not pull the focus back once the user moved it while the record loaded', async () => {
    const body = (loaded: boolean) => (
      <Modal open onOpenChange={() => {}} title="EDITAR SALIDA" footer={<button type="button">Cancelar</button>}>
        <button type="button">Ayuda</button>
        {loaded ? <input aria-label="N° vale" /> : <p>Cargando…</p>}
      </Modal>
    );
    const { rerender } = render(body(false));
    screen.getByRole('button', { name: 'Ayuda' }).focus();
    rerender(body(true));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ayuda' }));
  });

  it('is dragged by its header and stays inside the viewport', () => {
    render(<Harness />);
    const handle = screen.getByTestId('modal-drag-handle');
    const dialog = screen.getByRole('dialog');
    dialog.getBoundingClientRect = () => ({
      left: 300,
      top: 30,
      right: 800,
      bottom: 430,
      width: 500,
      height: 400,
      x: 300,
      y: 30,
      toJSON: () => ({}),
    });
    act(() => {
      fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientX: 400, clientY: 40 });
      fireEvent.pointerMove(handle, { pointerId: 1, clientX: 450, clientY: 100 });
    });
    expect(dialog.style.transform).toBe('translate(calc(-50% + 50px), 60px)');
    act(() => {
      fireEvent.pointerMove(handle, { pointerId: 1, clientX: -5000, clientY: -5000 });
      fireEvent.pointerUp(handle, { pointerId: 1 });
    });
    // Clamped: left edge at 0, top edge at 0.
    expect(dialog.style.transform).toBe('translate(calc(-50% + -300px), -30px)');
  });
});

describe('ConfirmDelete', () => {
  it('asks with the spec text and stays busy while the delete runs', async () => {
    const user = userEvent.setup();
    let resolve: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    const onOpenChange = vi.fn();
    render(<ConfirmDelete open onOpenChange={onOpenChange} onConfirm={onConfirm} />);
    screen.getByText(MSG.deleteConfirm);
    const del = screen.getByRole('button', { name: LABELS.remove });
    await user.click(del);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect((del as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: MSG.cancel }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => resolve());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('opens with the focus on Cancelar, so Enter does not delete', () => {
    render(<ConfirmDelete open onOpenChange={() => {}} onConfirm={() => {}} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: MSG.cancel }));
  });

  it('Cancelar closes without deleting', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(<ConfirmDelete open onOpenChange={onOpenChange} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: MSG.cancel }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
