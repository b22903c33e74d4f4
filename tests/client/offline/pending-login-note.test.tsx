// The login screen's note loads the device's database (Dexie) only on a device that has one: a fresh tablet
// draws the login form without loading or creating it.
import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { PendingLoginNote } from '@client/offline/ui';

const watch = vi.hoisted(() => vi.fn(() => () => undefined));
vi.mock('@client/offline/device-waiting', () => ({ watchDeviceWaiting: watch }));

const databaseNames = async () => (await indexedDB.databases()).map((d) => d.name);

describe('PendingLoginNote on a device without the offline database', () => {
  it('neither loads the device database nor creates it; once the database exists it follows it', async () => {
    const asked = vi.spyOn(indexedDB, 'databases');
    const first = render(<PendingLoginNote />);
    await waitFor(() => expect(asked).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 100));
    expect(watch).not.toHaveBeenCalled();
    expect(await databaseNames()).not.toContain('maquinarias');
    first.unmount();

    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open('maquinarias');
      req.onsuccess = () => {
        req.result.close();
        resolve();
      };
      req.onerror = () => reject(req.error);
    });
    render(<PendingLoginNote />);
    await waitFor(() => expect(watch).toHaveBeenCalledTimes(1));
  });
});
