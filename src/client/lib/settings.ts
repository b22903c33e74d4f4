// Office settings (GET /api/ajustes, public): fetched once per page load and kept on the device, so an offline
// start shows the office's own names (side menu, login, PDF titles); the seeded defaults only before the first answer.
import { useEffect, useState } from 'react';
import type { OfficeSettings } from '@shared/contract/ajustes';
import { LOGIN_LABELS as LABELS } from '@shared/messages-login';
import { call } from './api';

/** The endpoint's declaration, loaded on first use: its zod schema (and zod) stay off the login screen's first download. */
const loadAjustesApi = () => import('@shared/contract/ajustes').then((m) => m.ajustesApi);

export const DEFAULT_OFFICE_SETTINGS: OfficeSettings = {
  officeName: LABELS.defaultOfficeName,
  cityLabel: LABELS.defaultCity,
  shortName: LABELS.defaultAreaName,
};

const STORAGE_KEY = 'maq.ajustes';
let cached: OfficeSettings | null = null;
let inflight: Promise<OfficeSettings> | null = null;

function readStored(): OfficeSettings | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<OfficeSettings>;
    return {
      officeName: pick(v.officeName, DEFAULT_OFFICE_SETTINGS.officeName),
      cityLabel: pick(v.cityLabel, DEFAULT_OFFICE_SETTINGS.cityLabel),
      shortName: pick(v.shortName, DEFAULT_OFFICE_SETTINGS.shortName),
    };
  } catch {
    return null;
  }
}

function store(value: OfficeSettings): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    /* private mode or full storage: the in-memory copy still serves this page */
  }
}

function pick(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

/** Resolves the settings; never rejects (defaults when the server cannot answer). */
export function getOfficeSettings(): Promise<OfficeSettings> {
  if (cached) return Promise.resolve(cached);
  if (!inflight) {
    inflight = loadAjustesApi()
      .then((ajustesApi) => call(ajustesApi.get, { handle401: false }))
      // A production build does not check the answer (lib/api.ts call): a field may still be missing or blank.
      .then((body: Partial<OfficeSettings> | null) => {
        cached = {
          officeName: pick(body?.officeName, DEFAULT_OFFICE_SETTINGS.officeName),
          cityLabel: pick(body?.cityLabel, DEFAULT_OFFICE_SETTINGS.cityLabel),
          shortName: pick(body?.shortName, DEFAULT_OFFICE_SETTINGS.shortName),
        };
        store(cached);
        return cached;
      })
      // Not cached in memory on failure: the next call tries again (e.g. once back online). Meanwhile the
      // device's last good copy answers.
      .catch(() => readStored() ?? DEFAULT_OFFICE_SETTINGS)
      .finally(() => {
        inflight = null;
      });
  }
  return inflight;
}

/** Current value synchronously (defaults until the first fetch resolves). */
export function peekOfficeSettings(): OfficeSettings {
  return cached ?? readStored() ?? DEFAULT_OFFICE_SETTINGS;
}

/** Test helper: forget the cached value (in memory and on the device). */
export function resetOfficeSettingsCache(): void {
  cached = null;
  inflight = null;
  try {
    globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}

const sameSettings = (a: OfficeSettings, b: OfficeSettings) =>
  a.officeName === b.officeName && a.cityLabel === b.cityLabel && a.shortName === b.shortName;

/** Settings for rendering; starts with the cached value or defaults and updates once fetched. */
export function useOfficeSettings(): OfficeSettings {
  const [value, setValue] = useState<OfficeSettings>(peekOfficeSettings);
  useEffect(() => {
    let alive = true;
    void getOfficeSettings().then((s) => {
      // The same names as shown (the defaults, or the device's copy) keep the state: no second render of the screen.
      if (alive) setValue((shown) => (sameSettings(shown, s) ? shown : s));
    });
    return () => {
      alive = false;
    };
  }, []);
  return value;
}

let logoPromise: Promise<Uint8Array | undefined> | null = null;

/** PNG bytes of '/logo.png' for PDFs, or undefined when it is missing or not a PNG. Cached on success. */
export function getLogoPng(): Promise<Uint8Array | undefined> {
  if (!logoPromise) {
    logoPromise = fetch('/logo.png')
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const bytes = new Uint8Array(await res.arrayBuffer());
        const isPng = bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
        if (!isPng) throw new Error('not a png');
        return bytes;
      })
      .catch(() => {
        logoPromise = null;
        return undefined;
      });
  }
  return logoPromise;
}
