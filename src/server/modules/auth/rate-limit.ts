// In-memory sliding window of failed login attempts per key (username or client address).
export class FailureWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Failures of `key` still inside the window (older ones are dropped). */
  private recent(key: string, now: number): number[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const cutoff = now - this.windowMs;
    let i = 0;
    while (i < list.length && list[i] <= cutoff) i++;
    if (i) list.splice(0, i);
    if (!list.length) this.hits.delete(key);
    return list;
  }

  blocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.max;
  }

  /** Seconds until the oldest failure in the window expires (for Retry-After). */
  retryAfter(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    return list.length ? Math.max(1, Math.ceil((list[0] + this.windowMs - now) / 1000)) : 0;
  }

  fail(key: string, now = Date.now()): void {
    let list = this.recent(key, now);
    if (!this.hits.has(key)) {
      if (this.hits.size >= this.maxKeys) this.prune(now);
      list = [];
      this.hits.set(key, list);
    }
    list.push(now);
    if (list.length > this.max) list.splice(0, list.length - this.max);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  /** Drops expired keys; if the map is still full, the oldest keys go first (bounded memory). */
  private prune(now: number): void {
    for (const key of [...this.hits.keys()]) this.recent(key, now);
    for (const key of this.hits.keys()) {
      if (this.hits.size < this.maxKeys) break;
      this.hits.delete(key);
    }
  }
}
