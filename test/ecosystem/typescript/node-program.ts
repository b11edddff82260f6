// The Node-only entries, for the projects that have @types/node.
import { fileJournal, fromPath } from 'seatpay/node';
import { startMockServer, type MockServer } from 'seatpay/mock';

export async function fromDisk(): Promise<[File, MockServer]> {
  void fileJournal('./journal.db');
  return [await fromPath('./a.bin'), await startMockServer({ port: 0 })];
}
