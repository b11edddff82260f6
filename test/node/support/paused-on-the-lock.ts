import { vi } from 'vitest';

/**
 * Resolves once a fileJournal opening a file another process holds locked met the lock and paused
 * to try again: its pause is a fake timer, so one is set.
 */
export async function pausedOnTheLock(): Promise<void> {
  while (vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
}
