// Messages menu (role 4): the latest audit entries read as Spanish sentences, not as action and resource codes;
// the bell's wear bands are Spanish too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { AUDIT_READ_CODE, ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { createQueryClient } from '@client/app/query-client';
import { MessagesMenu } from '@client/app/messages-menu';
import { clearToken, setToken } from '@client/lib/session';
import { makeToken, stubFetch } from './helpers';

afterEach(() => {
  clearToken();
  vi.unstubAllGlobals();
});

describe('LABELS.auditSentence', () => {
  it('says what happened to which record', () => {
    expect(LABELS.auditSentence('create', 'salidas', '12')).toBe('registró la salida #12');
    expect(LABELS.auditSentence('update', 'reparaciones', '3')).toBe('modificó la reparación #3');
    expect(LABELS.auditSentence('delete', 'partesdiarios', '9')).toBe('eliminó el parte diario #9');
    expect(LABELS.auditSentence('password', 'usuarios', '4')).toBe('cambió la contraseña del usuario #4');
    expect(LABELS.auditSentence('permissions', 'usuarios', '4')).toBe('cambió los permisos del usuario #4');
    expect(LABELS.auditSentence('login', 'sesion', '1')).toBe('inició sesión');
    expect(LABELS.auditSentence('logout', 'sesion', '1')).toBe('cerró sesión');
  });

  it('shows an unknown code as it is rather than hiding it', () => {
    expect(LABELS.auditSentence('archive', 'nuevos', null)).toBe('archive nuevos');
  });
});

describe('wear bands', () => {
  it('the bell names the bands in Spanish', () => {
    expect(LABELS.notifPart('ABC-123', 'Filtro', '60.00', '100.00', 'warning')).toBe(
      'ABC-123 - Filtro: 60.00 de 100.00 · Warning (Advertencia)',
    );
    expect(LABELS.notifPart('ABC-123', 'Filtro', '95.00', '100.00', 'danger')).toBe('ABC-123 - Filtro: 95.00 de 100.00 · Danger (Crítico)');
  });
});

describe('<MessagesMenu>', () => {
  it('lists the latest audit entries as sentences', async () => {
    setToken(makeToken({ roles: [ROLE.mensajes, AUDIT_READ_CODE] }));
    stubFetch({
      'GET /api/auditoria': () => ({
        status: 200,
        body: [
          {
            id: 1,
            user_id: 3,
            username: 'almacenero',
            action: 'create',
            resource: 'salidas',
            resource_id: '12',
            before: null,
            after: { id: 12, nro_vale: 'V-12' },
            created_at: '2026-11-20T15:00:00.000Z',
          },
          {
            id: 2,
            user_id: 4,
            username: 'supervisor',
            action: 'delete',
            resource: 'fallas',
            resource_id: '5',
            before: { falla_id: 5, estado: 'PENDIENTE' },
            after: null,
            created_at: '2026-11-21T15:00:00.000Z',
          },
        ],
      }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MessagesMenu />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: LABELS.shell.messages }));
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'supervisor eliminó la falla #5',
      'almacenero registró la salida #12',
    ]);
  });
});
