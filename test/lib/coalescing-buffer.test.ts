import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoalescingBuffer } from '../../src/lib/batching/coalescing-buffer.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('CoalescingBuffer', () => {
  it('delivers what was added within the window as one group, and later items as the next', async () => {
    const groups: number[][] = [];
    const buffer = new CoalescingBuffer<number>(async (items) => void groups.push(items), 20);
    buffer.add([1, 2]);
    await vi.advanceTimersByTimeAsync(10);
    buffer.add([3]);
    expect(groups).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(groups).toEqual([[1, 2, 3]]);
    buffer.add([4]);
    await vi.advanceTimersByTimeAsync(19);
    expect(groups).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(groups).toEqual([[1, 2, 3], [4]]);
  });

  it('a group put back is delivered again after the delay, ahead of items added since, capped', async () => {
    const groups: number[][] = [];
    let failOnce = true;
    const buffer: CoalescingBuffer<number> = new CoalescingBuffer<number>(async (items) => {
      groups.push(items);
      if (failOnce) {
        failOnce = false;
        buffer.add([9]); // arrived while the failing delivery was in flight
        buffer.retryLater(items, 1_000, 3);
      }
    }, 20);
    buffer.add([1, 2]);
    await vi.advanceTimersByTimeAsync(20);
    expect(groups).toEqual([[1, 2]]);
    await vi.advanceTimersByTimeAsync(500);
    expect(groups).toHaveLength(1); // the retry waits its delay, not the 20 ms window
    await vi.advanceTimersByTimeAsync(500);
    expect(groups).toEqual([[1, 2], [1, 2, 9]]);
    buffer.add([5]);
    await vi.advanceTimersByTimeAsync(20);
    expect(groups.at(-1)).toEqual([5]);
  });
});
