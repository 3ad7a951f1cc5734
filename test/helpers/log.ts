import { Writable } from 'node:stream';

/** A stream to give a test server as its log, and everything written to it so far. */
export function logCapture(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}
