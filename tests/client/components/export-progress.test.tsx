// While a long list's file is built (in the export worker), the list says how far it got and the
// rest of the screen stays usable: the search and the sort answer, only the export buttons wait.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from '@client/components/data-table';
import type { ExportOptions } from '@client/lib/export';
import { LABELS } from '@shared/messages';
import { Toaster } from '@client/lib/toast';
import { actColumns, makeActs } from './fixtures';

/** The export in flight: its progress callback and how to end it. */
let job: { onProgress?: (done: number) => void; finish: () => void; fail: (e: Error) => void } | null = null;
const build = (_input: unknown, opts: ExportOptions = {}) =>
  new Promise<void>((resolve, reject) => {
    job = { onProgress: opts.onProgress, finish: resolve, fail: reject };
  });
vi.mock('@client/lib/export', () => ({
  exportPdf: (input: unknown, opts?: ExportOptions) => build(input, opts),
  exportXlsx: (input: unknown, opts?: ExportOptions) => build(input, opts),
}));

afterEach(() => {
  job = null;
});

const progress = () => screen.queryByTestId('export-progress');
const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('export in progress', () => {
  it('shows the progress of the file while search and sort keep working; the buttons wait for it', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={actColumns} data={makeActs(30)} exportConfig={{ fileName: 'actividades', title: 'ACTIVIDADES' }} />);
    const pdf = screen.getByRole('button', { name: LABELS.exportPdf });
    const excel = screen.getByRole('button', { name: LABELS.exportExcel });

    await user.click(pdf);
    await waitFor(() => expect(job).not.toBeNull());
    expect(progress()?.getAttribute('role')).toBe('status');
    expect(progress()?.textContent).toBe(LABELS.exportProgress(LABELS.exportPdf, 0));
    job!.onProgress?.(0.4);
    await waitFor(() => expect(progress()?.textContent).toBe(LABELS.exportProgress(LABELS.exportPdf, 40)));
    expect(pdf).toHaveProperty('disabled', true);
    expect(excel).toHaveProperty('disabled', true);

    // Meanwhile the clerk searches and sorts.
    await user.type(screen.getByRole('searchbox'), 'Actividad 0007');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await user.clear(screen.getByRole('searchbox'));
    await user.click(screen.getByRole('button', { name: /Descripción/ }));
    await user.click(screen.getByRole('button', { name: /Descripción/ }));
    await waitFor(() => expect(bodyRows()[0].textContent).toContain('Actividad 0030'));
    expect(progress()).not.toBeNull();

    job!.onProgress?.(1);
    job!.finish();
    await waitFor(() => expect(progress()).toBeNull());
    expect(pdf).toHaveProperty('disabled', false);
    expect(excel).toHaveProperty('disabled', false);
  });

  it('a file that cannot be built says so and frees the buttons', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <DataTable columns={actColumns} data={makeActs(3)} exportConfig={{ fileName: 'actividades', title: 'ACTIVIDADES' }} />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: LABELS.exportExcel }));
    await waitFor(() => expect(job).not.toBeNull());
    expect(progress()?.textContent).toBe(LABELS.exportProgress(LABELS.exportExcel, 0));
    job!.fail(new Error('worker'));
    await screen.findByText(LABELS.exportFailed);
    expect(progress()).toBeNull();
    expect(screen.getByRole('button', { name: LABELS.exportExcel })).toHaveProperty('disabled', false);
  });
});
