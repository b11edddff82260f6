import { writeFile } from 'node:fs/promises';
import type { MockServer } from '../../src/mock/index.js';

/** What `seatpay upload` is run with against `server`: its environment, and a file to send. */
export async function uploadCommandBed(
  server: MockServer,
  folder: { in(name: string): string },
  name: string,
): Promise<{ path: string; env: Record<string, string> }> {
  const path = folder.in(name);
  await writeFile(path, new Uint8Array(3000).fill(name.length));
  const env = {
    SEATPAY_BASE_URL: server.url,
    SEATPAY_TOKEN: server.simulator.users.owner.token,
    SEATPAY_LOG: 'off',
  };
  return { path, env };
}

/** The upload's finalize answered 503 with no Retry-After (`times` times): the file may exist. */
export function finalizeAnswers503(server: MockServer, times = 1): void {
  server.simulator.faults.clear();
  server.simulator.faults.inject({
    route: 'POST /v2/media/me/chunk/upload',
    kind: 'status',
    status: 503,
    times,
  });
}
