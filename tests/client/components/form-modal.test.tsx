import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FormModal, ItemModal } from '@client/components/form-modal';
import { Typeahead } from '@client/components/typeahead';
import { usePicked } from '@client/components/use-picked';
import { LABELS, MSG } from '@shared/messages';

const A = LABELS.almacen;

describe('FormModal', () => {
  it('Grabar and Enter in a field run onSubmit; invalid disables Grabar', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = render(
      <FormModal title="Nueva actividad" busy={false} valid={false} onClose={() => {}} onSubmit={onSubmit}>
        <input aria-label="Nombre" />
      </FormModal>,
    );
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <FormModal title="Nueva actividad" busy={false} valid onClose={() => {}} onSubmit={onSubmit}>
        <input aria-label="Nombre" />
      </FormModal>,
    );
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('Nombre'), 'Riego{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('while saving, neither Cancelar nor the close button closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <FormModal title="Nueva actividad" busy onClose={onClose} onSubmit={() => {}}>
        <input aria-label="Nombre" />
      </FormModal>,
    );
    expect((screen.getByRole('button', { name: MSG.cancel }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: LABELS.shell.save }) as HTMLButtonElement).getAttribute('aria-busy')).toBe('true');
    await user.click(screen.getByRole('button', { name: LABELS.close }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the spinner, then the load failure, instead of the form; what is outside the form still renders', () => {
    const { rerender } = render(
      <FormModal title="Editar salida" busy={false} loaded={false} onClose={() => {}} onSubmit={() => {}} outside={<p>sub-modal</p>}>
        <input aria-label="Nombre" />
      </FormModal>,
    );
    expect(screen.queryByLabelText('Nombre')).toBeNull();
    expect((screen.getByRole('button', { name: LABELS.shell.save }) as HTMLButtonElement).disabled).toBe(true);
    screen.getByText('sub-modal');
    rerender(
      <FormModal title="Editar salida" busy={false} loaded={false} loadFailed onClose={() => {}} onSubmit={() => {}}>
        <input aria-label="Nombre" />
      </FormModal>,
    );
    screen.getByText(MSG.loadFailed);
  });
});

interface Supply {
  id: number;
  name: string;
}
const SUPPLIES: Supply[] = [
  { id: 1, name: 'FILTRO DE ACEITE' },
  { id: 2, name: 'FILTRO DE AIRE' },
];
const labelOf = (s: Supply) => `${s.id} - ${s.name}`;

function ItemHarness({ onAdd }: { onAdd: (s: Supply, qty: string) => void }) {
  const [open, setOpen] = useState(true);
  const { picked, text, pick, onInputChange } = usePicked<Supply>(labelOf);
  const [qty, setQty] = useState('');
  return (
    <>
      <p>{open ? 'abierto' : 'cerrado'}</p>
      <ItemModal
        open={open}
        onOpenChange={setOpen}
        editing={false}
        canAdd={picked !== null && qty !== ''}
        onAdd={() => picked && onAdd(picked, qty)}
      >
        <Typeahead<Supply>
          aria-label="Insumo"
          value={text}
          onInputChange={onInputChange}
          search={async (q) => SUPPLIES.filter((s) => s.name.includes(q.toUpperCase()))}
          getKey={(s) => s.id}
          getLabel={labelOf}
          onSelect={pick}
          debounceMs={0}
        />
        <input aria-label="Cantidad" value={qty} onChange={(e) => setQty(e.target.value)} />
      </ItemModal>
    </>
  );
}

describe('ItemModal with a picked typeahead', () => {
  it('Enter chooses a suggestion without adding; Enter in the quantity adds and closes', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    render(<ItemHarness onAdd={onAdd} />);
    expect(screen.getByRole('dialog').textContent).toContain(A.addItem);
    await user.type(screen.getByLabelText('Insumo'), 'aire');
    await screen.findByRole('option', { name: '2 - FILTRO DE AIRE' });
    await user.keyboard('{Enter}');
    expect((screen.getByLabelText('Insumo') as HTMLInputElement).value).toBe('2 - FILTRO DE AIRE');
    expect(onAdd).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Cantidad'), '3{Enter}');
    expect(onAdd).toHaveBeenCalledWith(SUPPLIES[1], '3');
    screen.getByText('cerrado');
  });

  it('editing the text away from the chosen supply forgets it, so nothing can be added', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    render(<ItemHarness onAdd={onAdd} />);
    await user.type(screen.getByLabelText('Insumo'), 'aceite');
    await user.click(await screen.findByRole('option', { name: '1 - FILTRO DE ACEITE' }));
    await user.type(screen.getByLabelText('Cantidad'), '2');
    const add = screen.getByRole('button', { name: A.add });
    expect((add as HTMLButtonElement).disabled).toBe(false);
    await user.type(screen.getByLabelText('Insumo'), '{Backspace}');
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Cantidad'), '{Enter}');
    expect(onAdd).not.toHaveBeenCalled();
    screen.getByText('abierto');
  });
});

/** A list screen's 'Nuevo' and its form: mounted only while open (as the screens do) or kept with `open`. */
function OpenerHarness({ mountWhileOpen }: { mountWhileOpen: boolean }) {
  const [open, setOpen] = useState(false);
  const modal = (
    <FormModal title="Nueva actividad" open={open} onClose={() => setOpen(false)} onSubmit={async () => setOpen(false)}>
      <input aria-label="Nombre" />
    </FormModal>
  );
  return (
    <>
      <button type="button">Excel</button>
      <button type="button" onClick={() => setOpen(true)}>
        {LABELS.newRecord}
      </button>
      {mountWhileOpen ? open && modal : modal}
    </>
  );
}

describe('focus after the form closes', () => {
  it.each([
    ['mounted only while open', true],
    ['kept mounted with open', false],
  ])('a save or Cancelar puts the focus back on the control that opened the form (%s)', async (_, mountWhileOpen) => {
    const user = userEvent.setup();
    render(<OpenerHarness mountWhileOpen={mountWhileOpen} />);
    const nuevo = screen.getByRole('button', { name: LABELS.newRecord });

    await user.click(nuevo);
    await screen.findByRole('dialog', { name: 'Nueva actividad' });
    expect(document.activeElement).toBe(screen.getByLabelText('Nombre'));
    await user.click(screen.getByRole('button', { name: LABELS.shell.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(nuevo));

    await user.click(nuevo);
    await screen.findByRole('dialog', { name: 'Nueva actividad' });
    await user.click(screen.getByRole('button', { name: MSG.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(nuevo));
  });
});
