/** The package version, sent as `User-Agent: seatpay/<version>` outside browsers. A test keeps it equal to package.json. */
export const VERSION = '0.1.0';
