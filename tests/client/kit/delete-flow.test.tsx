import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LABELS, MSG } from '@shared/messages';
import { useDeleteFlow } from '@client/components/delete-flow';
import { ApiError } from '@client/lib/api';
import { Toaster, toast } from '@client/lib/toast';

interface Row {
  id: number;
  name: string;
}

function Page({ remove }: { remove: (row: Row) => Promise<unknown> }) {
  const { ask, dialog } = useDeleteFlow(remove);
  return (
    <>
      <button type="button" onClick={() => ask({ id: 7, name: 'Regado' })}>
        borrar fila
      </button>
      {dialog}
      <Toaster />
    </>
  );
}

async function askAndConfirm(remove: (row: Row) => Promise<unknown>) {
  const user = userEvent.setup();
  render(<Page remove={remove} />);
  await user.click(screen.getByRole('button', { name: 'borrar fila' }));
  expect(screen.getByText(MSG.deleteConfirm)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: LABELS.remove }));
}

describe('useDeleteFlow', () => {
  afterEach(() => toast.clear());

  it('deletes the row asked for after confirmation and says so', async () => {
    const remove = vi.fn(async () => undefined);
    await askAndConfirm(remove);
    expect(remove).toHaveBeenCalledWith({ id: 7, name: 'Regado' });
    expect(await screen.findByText(MSG.deleted)).toBeTruthy();
    expect(screen.queryByText(MSG.deleteConfirm)).toBeNull();
  });

  it("shows the server's reason on 409 (stock already issued) and on 403", async () => {
    await askAndConfirm(async () => {
      throw new ApiError(409, 'No se puede eliminar: el stock ya fue entregado');
    });
    expect(await screen.findByText('No se puede eliminar: el stock ya fue entregado')).toBeTruthy();
  });

  it("falls back to 'No se pudo eliminar registro' on other failures", async () => {
    await askAndConfirm(async () => {
      throw new ApiError(500, 'Internal');
    });
    expect(await screen.findByText(MSG.deleteFailed)).toBeTruthy();
    expect(screen.queryByText('Internal')).toBeNull();
  });
});
