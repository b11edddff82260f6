/**
 * The package version, sent as `User-Agent: seatpay/<version>` outside browsers. A test keeps it
 * equal to package.json.
 *
 * @example
 * ```ts
 * import { VERSION } from 'seatpay';
 *
 * console.log(`seatpay ${VERSION}`); // include it in bug reports
 * ```
 * @category Client
 */
export const VERSION = '0.1.0';
