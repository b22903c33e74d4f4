// Texts users typed (a failure description, a supply or operator name from RENIEC) reach the page as text: a list
// shows markup as its characters, and creates no element, handler or link from it (the HTML side of
// the inert exports; docs/security.md, 'Nothing is rendered as HTML').
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '@client/components/data-table';
import { actColumns, type Act } from './fixtures';

vi.mock('@client/lib/export', () => ({ exportXlsx: vi.fn(), exportPdf: vi.fn() }));

const HOSTILE = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<a href="javascript:window.__pwned=1">clic</a>',
  '<svg onload="window.__pwned=1"></svg>',
  '=HYPERLINK("http://x","clic")',
  '<b>negrita</b>',
];

describe('a list keeps hostile texts inert', () => {
  it('shows every text as its own characters and creates no element from it', () => {
    const rows: Act[] = HOSTILE.map((descripcion, i) => ({
      id: i + 1,
      descripcion,
      estado: 1,
      fecha: '2025-03-01',
      created_at: '2025-03-01T10:00:00Z',
    }));
    render(<DataTable columns={actColumns} data={rows} />);
    const table = screen.getByRole('table');
    for (const text of HOSTILE) within(table).getByText(text, { exact: true });
    for (const tag of ['img', 'script', 'a', 'b']) expect(table.querySelectorAll(tag), tag).toHaveLength(0);
    // The table's own icons are svg: none carries a handler.
    expect(table.querySelectorAll('[onerror],[onload],[href^="javascript"]')).toHaveLength(0);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
