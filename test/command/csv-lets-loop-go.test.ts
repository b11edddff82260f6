import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/command/csv.js';

// The command reads a --csv file 64K characters at a time, the event loop let go between two
// slices: a file of 100,000 rows held it 0.45 s in one go, while Ctrl-C and SIGTERM waited
// (BENCHMARKS.md, "Ninth pass: what holds the event loop"). Told by the order of events: a
// callback scheduled before the parse runs before the parse ends. (The command's own run cannot
// tell it: the file's read lets the loop turn an unknown number of times before the parse.)

const columns = { required: ['email'], optional: ['first_name'] };
const rowsOf = (count: number) =>
  ['email,first_name', ...Array.from({ length: count }, (_, i) => `"b${i}@example.com",Ada`)].join(
    '\n',
  );

describe('the command reading a --csv file of 40,000 rows', () => {
  it('lets the event loop run while it parses, and gives every row', async () => {
    const text = rowsOf(40_000);
    expect(text.length).toBeGreaterThan(8 * 64 * 1024);
    const events: string[] = [];
    setImmediate(() => events.push('immediate'));
    const rows = await parseCsv(text, 'seats.csv', columns);
    events.push('parsed');
    expect(events).toEqual(['immediate', 'parsed']);
    expect(rows).toHaveLength(40_000);
    expect(rows[39_999]).toEqual({
      line: 40_001,
      fields: { email: 'b39999@example.com', first_name: 'Ada' },
    });
  });

  it('parses a file under one slice in one go, as before', async () => {
    const events: string[] = [];
    setImmediate(() => events.push('immediate'));
    const rows = await parseCsv(rowsOf(3), 'seats.csv', columns);
    events.push('parsed');
    expect(events).toEqual(['parsed']);
    expect(rows.map((row) => row.fields.email)).toEqual([
      'b0@example.com',
      'b1@example.com',
      'b2@example.com',
    ]);
  });

  it('finds a quoted field with line breaks and "" across a slice boundary', async () => {
    const filler = 'x'.repeat(64 * 1024 - 30);
    const text = `email,first_name\n"a@example.com",${filler}\n"b@example.com","say ""hi""\nthere"\n`;
    const rows = await parseCsv(text, 'seats.csv', columns);
    expect(rows.map((row) => row.fields)).toEqual([
      { email: 'a@example.com', first_name: filler },
      { email: 'b@example.com', first_name: 'say "hi"\nthere' },
    ]);
    expect(rows[1]!.line).toBe(3);
  });
});
