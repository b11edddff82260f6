import type { PurchaseRecord } from '../../../src/index.js';

/** A purchase's record as a journal keeps it while paying (charged: unknown): what tests claim. */
export const PAYING_RECORD = {
  stage: 'paying',
  charged: 'unknown',
  plan: { id: 1, slug: 'personal' },
  preview: {},
  bag: { id: 7, token: 'bag-token' },
  exclude: [],
  updatedAt: new Date(0).toISOString(),
} as unknown as PurchaseRecord;
