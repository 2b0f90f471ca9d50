/**
 * A fix for @fastify/busboy 3.2.6 (the multipart parser under @fastify/multipart), applied once
 * when this module loads. Its Dicer pauses the body when a part's buffer fills, and resumes it
 * when that part ends, except when the part ends the form: then it emits 'finish' and never calls
 * back the paused write. A skipped part (one with no form-data Content-Disposition) over 16 KB in
 * the body's last chunk therefore left the request without an answer for good, on the public
 * Curated For answer too (found by src/fuzz.test.ts; lib/multipart-skipped-part.test.ts). Here
 * the paused write is released before that 'finish', as it is on every other path. Drop this file
 * when busboy releases it itself: the test above shows whether it still matters.
 */
import { createRequire } from 'node:module';

interface DicerInternals {
  _realFinish?: boolean;
  _unpause(): void;
  emit(event: string | symbol, ...args: unknown[]): boolean;
}

// The parser's own copy, the one @fastify/multipart loads (one version in the tree, see package.json).
const Dicer = createRequire(import.meta.url)('@fastify/busboy/deps/dicer/lib/Dicer.js') as {
  prototype: DicerInternals;
};
const prototype = Dicer.prototype;
if (typeof prototype._unpause !== 'function') {
  throw new Error('@fastify/busboy changed: review lib/busboy-unpause.ts');
}
const emit = prototype.emit;
prototype.emit = function (this: DicerInternals, event, ...args) {
  if (event === 'finish' && this._realFinish) this._unpause();
  return emit.call(this, event, ...args);
};
