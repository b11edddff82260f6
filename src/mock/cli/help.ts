import { CORRUPTIONS } from '../core/faults.js';

/** `seatpay-mock --help`, in 80 columns (a `<fault>`'s syntax on lines of its own). */
export const HELP = `seatpay-mock: the seatpay simulator (the whole service, in memory) on loopback.

Usage: seatpay-mock [options]

Options:
  -p, --port <port>             port to listen on, 0 for any free one
                                (default 4010)
      --host <host>             address to listen on (default 127.0.0.1); an
                                address other machines may reach (0.0.0.0 ...)
                                needs --allow-remote
      --allow-remote            allow such a --host (a warning is printed on
                                stderr)
      --subscription-delay <ms> how long after paying a subscription appears
                                (default: 10 to 30 s, as the real service)
      --billing-team-delay <ms> how long after a team subscription appears its
                                billing team exists (default: 0 for spec, 500
                                to 2000 ms for deployed)
      --media-delay <ms>        how long an uploaded media file stays
                                TRANSFERRING (default 1000)
      --seed <n>                the same tokens on every start (a whole number)
      --owner-token <token>     the owner's token, fixed (so a .env stays valid
                                across restarts)
      --member-token <token>    the member's token, fixed
      --profile <spec|deployed> answer as SERVICE.md says (spec, default) or as
                                the deployed server does (deployed)
      --fault <fault>           fail matching requests, for testing error
                                handling; repeatable (see below)
  -v, --version                 print the version
  -h, --help                    print this help

A <fault> is "<route> <kind> [retry-after=<s>] [times=<n>|always]":
  <route>  * (every request), or METHOD /path (POST /v1/payments/pay)
  <kind>   status=<code>, latency=<ms>, reset-before, reset-after, or (on
           finalize) corrupt=<${CORRUPTIONS.join('|')}>
  e.g. --fault "POST /v1/payments/pay status=503 retry-after=2"
       --fault "* latency=800 times=always"

While it runs, GET /__mock/state (with either token) shows users,
subscriptions, teams, charges and uploads (each user's token to that user
only), and POST /__mock/consume makes a member use units. Ctrl+C stops it.
`;
