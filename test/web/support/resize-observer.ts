import { vi } from 'vitest';

/**
 * Gives jsdom a ResizeObserver that observes nothing: recharts' responsive containers observe
 * their size, and jsdom has none. Call it in the hook that fits the file (a file that unstubs
 * all globals after each test stubs it again before the next).
 */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
