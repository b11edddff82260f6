/**
 * Money is kept in integer cents inside the simulator, so that sums and comparisons never go
 * through binary floating point; it leaves as a decimal string ("10.00").
 */
export type Cents = number;

export function parseDecimal(value: string | number): Cents {
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The read shape of a billing team reports the period spend as a JSON number (SERVICE.md). */
export function centsToNumber(cents: Cents): number {
  return cents / 100;
}

/**
 * An amount as a profile's answers carry it: a decimal string ("50.00", SERVICE.md), or a JSON
 * number (50, which the deployed server's Django FloatFields write as `50.0`).
 */
export function amountOnWire(amounts: 'string' | 'number', cents: Cents): string | number {
  return amounts === 'number' ? centsToNumber(cents) : formatCents(cents);
}
