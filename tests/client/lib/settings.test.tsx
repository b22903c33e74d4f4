// The office settings hook renders once more only when the server's names differ from those on screen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { DEFAULT_OFFICE_SETTINGS, getOfficeSettings, resetOfficeSettingsCache, useOfficeSettings } from '@client/lib/settings';
import { stubFetch } from '../app/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  resetOfficeSettingsCache();
});

function renders(): { count: number; text: () => string } {
  const seen = { count: 0 };
  function Names() {
    seen.count++;
    const s = useOfficeSettings();
    return <p data-testid="names">{`${s.officeName} | ${s.cityLabel}`}</p>;
  }
  const view = render(<Names />);
  return Object.assign(seen, { text: () => view.getByTestId('names').textContent ?? '' });
}

describe('useOfficeSettings', () => {
  it('keeps its first render when the server answers the names already shown', async () => {
    resetOfficeSettingsCache();
    stubFetch({ 'GET /api/ajustes': () => ({ status: 200, body: { ...DEFAULT_OFFICE_SETTINGS } }) });
    const r = renders();
    await getOfficeSettings();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(r.count).toBe(1);
  });

  it('renders the server names when they differ', async () => {
    resetOfficeSettingsCache();
    stubFetch({ 'GET /api/ajustes': () => ({ status: 200, body: { ...DEFAULT_OFFICE_SETTINGS, cityLabel: 'Jauja' } }) });
    const r = renders();
    await waitFor(() => expect(r.text()).toBe(`${DEFAULT_OFFICE_SETTINGS.officeName} | Jauja`));
    expect(r.count).toBe(2);
  });
});
