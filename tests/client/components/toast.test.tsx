import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, act, fireEvent } from '@testing-library/react';
import { Toaster, toast, TOAST_TIMING } from '@client/lib/toast';
import { MSG } from '@shared/messages';

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toast.clear();
  });
  afterEach(() => {
    toast.clear();
    vi.useRealTimers();
  });

  it('shows the newest on top, always titled Aviso, with roles for screen readers', () => {
    render(<Toaster />);
    act(() => {
      toast.info(MSG.deleted);
      toast.error(MSG.deleteFailed);
    });
    const shown = screen.getByTestId('toaster').children;
    expect(shown).toHaveLength(2);
    expect(shown[0].textContent).toBe(`${MSG.toastTitle}${MSG.deleteFailed}`);
    expect(shown[0].getAttribute('role')).toBe('alert');
    expect(shown[1].textContent).toBe(`Aviso${MSG.deleted}`);
    expect(shown[1].getAttribute('role')).toBe('status');
  });

  it('hides after 5000 ms plus the 300 ms animation', () => {
    render(<Toaster />);
    act(() => void toast.success(MSG.saved));
    act(() => vi.advanceTimersByTime(TOAST_TIMING.timeOut - 1));
    screen.getByText(MSG.saved);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(MSG.saved).closest('[data-leaving]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_TIMING.animation));
    expect(screen.queryByText(MSG.saved)).toBeNull();
  });

  it('stays while hovered and leaves 1000 ms after the pointer goes', () => {
    render(<Toaster />);
    act(() => void toast.warning(MSG.quantityUnavailable));
    const el = screen.getByText(MSG.quantityUnavailable).closest('[data-kind]') as HTMLElement;
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.mouseEnter(el);
    act(() => vi.advanceTimersByTime(10_000));
    screen.getByText(MSG.quantityUnavailable);
    fireEvent.mouseLeave(el);
    act(() => vi.advanceTimersByTime(TOAST_TIMING.extendedTimeOut + TOAST_TIMING.animation));
    expect(screen.queryByText(MSG.quantityUnavailable)).toBeNull();
  });

  it('is dismissed by a click', () => {
    render(<Toaster />);
    act(() => void toast.info('x'));
    fireEvent.click(screen.getByText('x'));
    act(() => vi.advanceTimersByTime(TOAST_TIMING.animation));
    expect(screen.queryByText('x')).toBeNull();
  });
});
