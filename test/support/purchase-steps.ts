// The steps a purchase reports (`onStep`), in the order a whole flow takes them.

export const PURCHASE_STEPS = [
  'plan',
  'preview',
  'bag',
  'card',
  'existing',
  'pay',
  'wait',
  'consumables',
] as const;
