// The photos section of the failure modal keeps to 5 photos per failure, counting the ones already saved: a pick
// of more adds only what fits and says so; when full, both buttons are disabled until a new photo is removed.
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FOTOS_PER_FALLA } from '@shared/contract/fotos';
import { LABELS } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import { PhotoPicker, type LocalPhoto } from '@client/features/fallas/photo-picker';
import { makeToken, offlineEngine, providers, stopEngines } from '../helpers';

const F = LABELS.fallas;

beforeEach(() => {
  setToken(makeToken(1));
  // A saved photo's bytes are not needed here: its thumbnail shows the 'could not load' mark.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } })),
  );
});
afterEach(() => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

const show = (saved: number[]) => render(<Picker saved={saved} />, { wrapper: providers(offlineEngine().engine) });

function Picker({ saved }: { saved: number[] }) {
  const [photos, setPhotos] = useState<LocalPhoto[]>([]);
  return (
    <>
      <PhotoPicker saved={saved} photos={photos} onChange={setPhotos} prepare={async (file) => file} />
      <Toaster />
    </>
  );
}

const jpeg = (n: number) => new File([new Uint8Array([0xff, 0xd8, 0xff, n])], `IMG_${n}.jpg`, { type: 'image/jpeg' });

function pick(testId: 'photo-gallery' | 'photo-camera', files: File[]) {
  fireEvent.change(screen.getByTestId(testId), { target: { files } });
}

describe('failure photos: at most 5', () => {
  it('a pick of more than fits adds only what fits (the saved photo counts) and says so; full disables both buttons', async () => {
    show([11]);
    screen.getByText(`(${F.photosCount(1, FOTOS_PER_FALLA)})`);
    pick('photo-gallery', [1, 2, 3, 4, 5, 6].map(jpeg));
    await screen.findByText(`(${F.photosCount(5, FOTOS_PER_FALLA)})`);
    await screen.findByText(F.photoLimitReached(FOTOS_PER_FALLA));
    const thumbs = within(screen.getByRole('list', { name: F.photos }));
    expect(thumbs.getAllByRole('button', { name: /^Ampliar foto/ })).toHaveLength(5);
    expect(screen.getByRole('button', { name: F.takePhoto })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: F.choosePhoto })).toHaveProperty('disabled', true);

    // Removing a new photo makes room for one more, from the camera.
    fireEvent.click(screen.getByRole('button', { name: `${F.removePhoto} 5` }));
    await screen.findByText(`(${F.photosCount(4, FOTOS_PER_FALLA)})`);
    expect(screen.getByRole('button', { name: F.takePhoto })).toHaveProperty('disabled', false);
    pick('photo-camera', [jpeg(7)]);
    await screen.findByText(`(${F.photosCount(5, FOTOS_PER_FALLA)})`);
  });

  it('a pick that fits adds every photo without a notice', async () => {
    show([]);
    pick('photo-gallery', [jpeg(1), jpeg(2)]);
    await screen.findByText(`(${F.photosCount(2, FOTOS_PER_FALLA)})`);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Ampliar foto/ })).toHaveLength(2));
    expect(screen.queryByText(F.photoLimitReached(FOTOS_PER_FALLA))).toBeNull();
  });
});
