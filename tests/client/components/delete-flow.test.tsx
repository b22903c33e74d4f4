import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { onlineManager, QueryClientProvider, useMutation } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { LABELS, MSG } from '@shared/messages';
import { useDeleteFlow } from '@client/components/delete-flow';
import { api, ApiError } from '@client/lib/api';
import { createQueryClient } from '@client/app/query-client';
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
  screen.getByText(MSG.deleteConfirm);
  await user.click(screen.getByRole('button', { name: LABELS.remove }));
}

describe('useDeleteFlow', () => {
  afterEach(() => toast.clear());

  it('deletes the row asked for after confirmation and says so', async () => {
    const remove = vi.fn(async () => undefined);
    await askAndConfirm(remove);
    expect(remove).toHaveBeenCalledWith({ id: 7, name: 'Regado' });
    await screen.findByText(MSG.deleted);
    expect(screen.queryByText(MSG.deleteConfirm)).toBeNull();
  });

  it("shows the server's reason on 409 (stock already issued) and on 403", async () => {
    await askAndConfirm(async () => {
      throw new ApiError(409, 'No se puede eliminar: el stock ya fue entregado');
    });
    await screen.findByText('No se puede eliminar: el stock ya fue entregado');
  });

  it("falls back to 'No se pudo eliminar registro' on other failures", async () => {
    await askAndConfirm(async () => {
      throw new ApiError(500, 'Internal');
    });
    await screen.findByText(MSG.deleteFailed);
    expect(screen.queryByText('Internal')).toBeNull();
  });

  it("without a connection says the delete needs one, at once and with the app's query client (no paused mutation)", async () => {
    onlineManager.setOnline(false);
    try {
      const client = createQueryClient();
      const fetchMock = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
      function WithMutation() {
        const m = useMutation({ mutationFn: (row: Row) => api.del(`/api/salidas/${row.id}`) }, client);
        return <Page remove={(row) => m.mutateAsync(row)} />;
      }
      const user = userEvent.setup();
      render(
        <QueryClientProvider client={client}>
          <WithMutation />
        </QueryClientProvider>,
      );
      await user.click(screen.getByRole('button', { name: 'borrar fila' }));
      await user.click(screen.getByRole('button', { name: LABELS.remove }));
      await screen.findByText(MSG.deleteFailedOffline);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // The confirmation is not left spinning: it closed with the failure.
      expect(screen.queryByText(MSG.deleteConfirm)).toBeNull();
      fetchMock.mockRestore();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
