// Writes one record to a journal from a process of its own, as a run of another worker finishing
// a key does (its charge is always written: a plain `set`). Prints `written` once it landed.
//   node --import tsx record-writer.ts
// From the environment: WRITER_KEY, WRITER_RECORD (JSON), and the journal: WRITER_JOURNAL_FILE (a
// fileJournal), else WRITER_DATABASE_URL and WRITER_TABLE (a postgresJournal).
import { fileJournal } from '../../../src/node.js';
import { postgresJournal } from '../../../src/postgres.js';

const env = process.env;
const journal = env.WRITER_JOURNAL_FILE
  ? fileJournal(env.WRITER_JOURNAL_FILE)
  : postgresJournal(env.WRITER_DATABASE_URL!, { table: env.WRITER_TABLE! });
await journal.set(env.WRITER_KEY!, JSON.parse(env.WRITER_RECORD!));
console.log('written');
await journal.close();
