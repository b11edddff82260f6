// The command's streams in a test: stdout dropped, stderr kept to read, not a terminal.

/** Streams for `main`, and what was written to stderr so far. */
export function capturedStreams() {
  let stderr = '';
  const streams = {
    stdout: { write: () => true },
    stderr: { write: (text: string) => Boolean((stderr += text)), isTTY: false },
  };
  return { streams, stderr: () => stderr };
}
