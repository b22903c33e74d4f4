// The sender's one wake-up timer: an item backing off asks to be woken at its next attempt; the earliest time wins.

export function createWakeTimer(now: () => number, wake: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let at = Infinity;
  let stopped = false;
  return {
    /** Wakes the sender at `when` unless it is already due to wake earlier. */
    schedule(when: number): void {
      if (stopped || when >= at) return;
      clearTimeout(timer);
      at = when;
      timer = setTimeout(
        () => {
          at = Infinity;
          wake();
        },
        Math.max(0, when - now()),
      );
    },
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type WakeTimer = ReturnType<typeof createWakeTimer>;
