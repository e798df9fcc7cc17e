import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/** A shell longer than this is passed on as it is rather than held back. */
const MAX_SHELL_BYTES = 1024 * 1024;

export interface ShellRewrite {
  /** The shell is complete once `end` follows the first `start` (e.g. a script's type and its closing tag). */
  start: string;
  end: string;
  rewrite(html: string): string;
}

/**
 * A stream that passes a page's bytes through, with its beginning (up to the chunk that brings
 * the shell's `end`) rewritten once. React sends a page's shell in one burst, so holding it back until
 * then costs no time; what streams after it (deferred data) goes out untouched. A page that never
 * completes goes through `rewrite` at its end; one over 1 MB goes out unchanged.
 */
export function createShellRewrite({ start, end, rewrite }: ShellRewrite): Transform {
  const decoder = new StringDecoder("utf8");
  let held: Buffer[] | null = [];
  let heldBytes = 0;
  let text = "";
  let startAt = -1;
  const release = (stream: Transform, rewriteIt: boolean) => {
    const bytes = Buffer.concat(held!);
    held = null;
    if (!rewriteIt) return stream.push(bytes);
    // The decoder keeps a character cut by the chunk's end; those bytes follow the rewritten text.
    const rest = bytes.subarray(Buffer.byteLength(text));
    stream.push(Buffer.concat([Buffer.from(rewrite(text)), rest]));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (held === null) return callback(null, chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      const seam = text.length;
      text += decoder.write(chunk);
      // Each search starts where a marker cut by the last chunk's end could begin.
      if (startAt === -1) startAt = text.indexOf(start, Math.max(0, seam - start.length + 1));
      const complete = startAt !== -1 && text.includes(end, Math.max(startAt + start.length, seam - end.length + 1));
      if (heldBytes > MAX_SHELL_BYTES) release(this, false);
      else if (complete) release(this, true);
      callback();
    },
    flush(callback) {
      if (held !== null) release(this, true);
      callback();
    },
  });
}
