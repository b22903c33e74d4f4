// Work that can wait for the main thread to be free: the list kit's rank warming, the login screen's deferred
// loads (main.tsx) and its note about records waiting on the device.

/** Runs `tasks` one per idle slot (a timer where requestIdleCallback is missing); returns a cancel function. */
export function whenIdle(tasks: (() => void)[]): () => void {
  const queue = [...tasks];
  let handle: number | undefined;
  const idle: (cb: () => void) => number =
    typeof requestIdleCallback === 'function' ? (cb) => requestIdleCallback(cb, { timeout: 2000 }) : (cb) => window.setTimeout(cb, 50);
  const cancel = (h: number) => (typeof cancelIdleCallback === 'function' ? cancelIdleCallback(h) : window.clearTimeout(h));
  const next = () => {
    const task = queue.shift();
    if (task === undefined) return;
    handle = idle(() => {
      task();
      next();
    });
  };
  next();
  return () => {
    if (handle !== undefined) cancel(handle);
  };
}
