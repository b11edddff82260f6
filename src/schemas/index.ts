export * from './common.js';
export * from './payments.js';
export * from './subscriptions.js';
export * from './billing-team.js';
export * from './seats.js';
export * from './consumables.js';
export * from './media.js';
