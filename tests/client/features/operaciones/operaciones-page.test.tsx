import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperacionesInfo } from '@shared/contract/operaciones';
import { LABELS } from '@shared/messages';
import OperacionesPage from '@client/features/operaciones/operaciones-page';
import { offlineEngine, providers, stubFetch } from '../helpers';

const info: OperacionesInfo = {
  version: '1.0.0',
  servidor: 'servidor-1',
  base: { tipo: 'pglite', bytes: 12_345_678 },
  respaldos: [],
  nocturno: { hora: 2, conservar: 14 },
  certificado: { modo: 'ninguno', vence: null, nombres: [], huella: null, autoridad: null, anterior: null },
  rechazadas: {
    total: 10,
    por_estado: [
      { status: 400, total: 4 },
      { status: 413, total: 1 },
      { status: 401, total: 2 },
      { status: 403, total: 2 },
      { status: 429, total: 1 },
    ],
  },
};

describe('Operations page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names each kind of refused request in words, not by its HTTP code, summing the statuses of one kind', async () => {
    stubFetch({ 'GET /api/operaciones': info });
    render(<OperacionesPage />, { wrapper: providers(offlineEngine().engine) });
    const row = (await screen.findByText(LABELS.operaciones.refused)).parentElement!;
    expect(row.textContent).toContain('10 (datos no válidos: 5, sin sesión: 2, sin permiso: 2, demasiados intentos: 1)');
    expect(row.textContent).not.toMatch(/HTTP/);
  });
});
