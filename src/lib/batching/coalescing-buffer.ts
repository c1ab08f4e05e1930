/**
 * Items handed over one group at a time: whatever is added within `everyMs` of the first item goes
 * to `deliver` together (one round trip for many callers). `retryLater` puts a failed group back,
 * ahead of the items added since, and delivers again after a delay; the timer of a retry is
 * unref'd, so a process stopping does not wait for it.
 */
export class CoalescingBuffer<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deliver: (items: T[]) => Promise<void>,
    private readonly everyMs: number,
  ) {}

  add(items: readonly T[]): void {
    for (const item of items) this.items.push(item);
    this.timer ??= setTimeout(() => void this.flush(), this.everyMs);
  }

  /** Called by `deliver` for a group it could not hand on: kept (up to `maxItems`) for another try in `delayMs`. */
  retryLater(items: readonly T[], delayMs: number, maxItems: number): void {
    this.items = [...items, ...this.items].slice(0, maxItems);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delayMs).unref();
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const items = this.items;
    this.items = [];
    await this.deliver(items);
  }
}
