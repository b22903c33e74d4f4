// Login screen: today's date in Spanish (Lima time) beside the city label, and the failure messages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MSG } from '@shared/messages';
import { formatLongDateEs, limaYear } from '@client/app/long-date';
import { limaDate } from '@shared/domain/dates';
import { loginErrorMessage } from '@client/app/login-page';
import { ApiError } from '@client/lib/api';
import { clearToken } from '@client/lib/session';
import { resetOfficeSettingsCache } from '@client/lib/settings';
import { renderApp, stubFetch } from './helpers';

afterEach(() => vi.unstubAllGlobals());

describe('formatLongDateEs', () => {
  it('writes the Lima date in Spanish', () => {
    // 03:00 UTC on the 23rd is still Sunday the 22nd in Lima (UTC-5).
    expect(formatLongDateEs(new Date('2026-11-23T03:00:00Z'))).toBe('domingo, 22 de noviembre de 2026');
    expect(formatLongDateEs(new Date('2026-01-05T15:00:00Z'))).toBe('lunes, 5 de enero de 2026');
    expect(formatLongDateEs(new Date('2026-09-15T15:00:00Z'))).toBe('martes, 15 de setiembre de 2026');
  });

  it("writes what Intl's es-PE formatter in Lima writes, every 7 hours over two years, and the same Lima year", () => {
    const intl = new Intl.DateTimeFormat('es-PE', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'America/Lima',
    });
    const start = Date.UTC(2025, 0, 1);
    for (let t = start; t < start + 2 * 366 * 24 * 3600_000; t += 7 * 3600_000) {
      expect(formatLongDateEs(t)).toBe(intl.format(t));
      expect(limaYear(t)).toBe(limaDate(t).slice(0, 4));
    }
  });
});

describe('login screen', () => {
  it('shows the city label of the settings and today in Spanish', async () => {
    clearToken();
    resetOfficeSettingsCache();
    stubFetch({
      'GET /api/ajustes': () => ({
        status: 200,
        body: { officeName: 'Municipalidad Provincial de Prueba', cityLabel: 'Huancayo', shortName: 'Maquinaria' },
      }),
    });
    const app = renderApp('/login');
    const line = await screen.findByTestId('login-date');
    await waitFor(() => expect(line.textContent).toBe(`Huancayo, ${formatLongDateEs()}`));
    expect(screen.getByLabelText(/contraseña/i).hasAttribute('required')).toBe(true);
    app.uninstall();
    resetOfficeSettingsCache();
  });

  it('maps failures: 429 shows the server message, others Credencial incorrecto', () => {
    expect(loginErrorMessage(new ApiError(429, 'Espere 10 minutos'))).toBe('Espere 10 minutos');
    expect(loginErrorMessage(new ApiError(401, 'Unauthorized'))).toBe(MSG.loginFailed);
    expect(loginErrorMessage(new ApiError(400, 'bad'))).toBe('Credencial incorrecto');
  });
});
