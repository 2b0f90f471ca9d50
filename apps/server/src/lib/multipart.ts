import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode, UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, FieldErrors } from './app-error.ts';
import './busboy-unpause.ts';
import { createGate, GateFullError, type Gate } from './upload-gate.ts';

export interface MultipartSpec {
  /** Text fields the form may carry. */
  fields: readonly string[];
  /** File fields the form may carry, each at most once. */
  files: readonly string[];
  maxFileBytes: number;
  /** Longest text field value. */
  maxFieldBytes?: number;
}

/** An uploaded file, kept on disk for as long as the request's work runs, then deleted. */
export interface UploadedFile {
  path: string;
  bytes: number;
}

export interface MultipartForm {
  fields: Partial<Record<string, string>>;
  files: Partial<Record<string, UploadedFile>>;
}

export interface UploadSettings {
  /** Forms with a file whose work (decoding, storing …) may run at once in this process. */
  concurrency: number;
  /** The longest a form with a file waits for its turn before the answer is 503. */
  queueWaitMs: number;
  /** Where each request keeps its files while it runs, in a folder of its own. */
  tmpDir: string;
}

/** Reads multipart forms for the routes that take them; see `withForm`. */
export interface Uploads {
  /**
   * Reads a multipart form with its parts in any order, each file streamed to a scratch folder
   * of this request (never held in memory), then runs `use` with it. A form with a file waits
   * for one of the gate's slots first, so that at most `concurrency` images are decoded at once.
   * Once `use` settles, or the form is refused, the slot is freed and the folder deleted.
   *
   * Every failure of the form is the client's and answers in the contract's error shape: 415
   * when the body is not multipart, 413 for a file over the limit (at once when the declared
   * Content-Length cannot fit the form), 400 for anything else wrong; and 503 with Retry-After
   * when no slot comes free within `queueWaitMs`.
   */
  withForm<T>(
    request: FastifyRequest,
    spec: MultipartSpec,
    use: (form: MultipartForm) => Promise<T>,
  ): Promise<T>;
  /** The slots of this process, for tests and monitoring. */
  readonly gate: Gate;
}

export const UPLOADS_BUSY_MESSAGE =
  'Many photos are being uploaded right now. Nothing was saved; please try again in a few seconds.';

/** Room for one part's boundary line and headers (busboy reads at most 80 KiB of headers). */
const PART_HEAD_BYTES = 82 * 1024;

/** A failure of the scratch folder (a full disk …): the server's, never the client's. */
class ScratchError extends Error {
  override name = 'ScratchError';
}

function megabytes(bytes: number) {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

function fileTooLarge(spec: MultipartSpec, field: string) {
  const message = `This file is too large. Keep it under ${megabytes(spec.maxFileBytes)}.`;
  return new AppError(ErrorCode.payloadTooLarge, message, 413, { [field]: [message] });
}

/** The most bytes a body can take and still fit the form's limits. */
function largestBody(spec: MultipartSpec) {
  const fields = spec.fields.length + 4;
  const parts = spec.files.length + fields;
  return (
    spec.files.length * spec.maxFileBytes +
    fields * (spec.maxFieldBytes ?? 1024) +
    parts * PART_HEAD_BYTES
  );
}

/** Writes `source` to a new file and gives its size; the file is closed when this settles. */
async function save(source: Readable, file: string): Promise<number> {
  const out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
  // A failure of one stream is passed on to the other: the disk is at fault only when the file
  // failed first, by a system call (a full disk …), while the upload was still whole.
  let diskFailed = false;
  let sourceFailed = source.errored !== null || source.destroyed;
  source.once('error', () => (sourceFailed ||= !diskFailed));
  out.once('error', (error: NodeJS.ErrnoException) => {
    diskFailed ||= !sourceFailed && error.syscall !== undefined;
  });
  try {
    await pipeline(source, out);
    return out.bytesWritten;
  } catch (error) {
    if (diskFailed) throw new ScratchError('an upload could not be written', { cause: error });
    throw error;
  } finally {
    if (!out.closed) await once(out, 'close').catch(() => {});
  }
}

export function createUploads(settings: UploadSettings): Uploads {
  const gate = createGate({ size: settings.concurrency, maxWaitMs: settings.queueWaitMs });

  /** A slot of the gate; leaves the queue when the client goes away while waiting. */
  async function takeSlot(request: FastifyRequest): Promise<() => void> {
    const socket = request.raw.socket as typeof request.raw.socket | null;
    const left = new AbortController();
    const onClose = () =>
      left.abort(new AppError(ErrorCode.badRequest, 'The request was cancelled.', 400));
    if (socket?.destroyed) onClose();
    socket?.once('close', onClose);
    try {
      return await gate.acquire(left.signal);
    } catch (error) {
      if (error instanceof GateFullError) throw AppError.unavailable(UPLOADS_BUSY_MESSAGE, error);
      throw error;
    } finally {
      socket?.off('close', onClose);
    }
  }

  return {
    gate,
    async withForm(request, spec, use) {
      const fileField = spec.files[0] ?? spec.fields[0] ?? 'file';
      if (!request.isMultipart()) {
        const message = 'Send the form as multipart/form-data.';
        throw new AppError(ErrorCode.unsupportedMediaType, message, 415, {
          [fileField]: [message],
        });
      }
      // A body declared larger than any form that fits is refused before a byte of it is read.
      const declared = Number(request.headers['content-length']);
      if (declared > largestBody(spec)) {
        if (spec.files.length > 0) throw fileTooLarge(spec, fileField);
        throw new AppError(ErrorCode.payloadTooLarge, 'The form is too large.', 413);
      }
      // This request's folder, made when its first file arrives.
      const scratch: { dir: Promise<string> | null } = { dir: null };
      const scratchDir = () =>
        (scratch.dir ??= fs.promises
          .mkdtemp(path.join(settings.tmpDir, 'atelier-upload-'))
          .catch((error: unknown) => {
            throw new ScratchError('no scratch folder for an upload', { cause: error });
          }));
      let release: (() => void) | null = null;
      try {
        const form = await readForm(request, spec, fileField, scratchDir);
        if (Object.keys(form.files).length > 0) release = await takeSlot(request);
        return await use(form);
      } finally {
        release?.();
        const dir = await scratch.dir?.catch(() => null);
        if (dir) {
          await fs.promises.rm(dir, { recursive: true, force: true }).catch((error: unknown) => {
            request.log.error({ err: error }, 'an upload scratch folder could not be removed');
          });
        }
      }
    },
  };
}

async function readForm(
  request: FastifyRequest,
  spec: MultipartSpec,
  fileField: string,
  scratchDir: () => Promise<string>,
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: {} };
  const errors = new FieldErrors();
  const fail = (field: string, message: string) => errors.add(field, message);
  let current = fileField;
  try {
    const parts = request.parts({
      limits: {
        // A little room past the expected fields, so that a stray one is named rather than cut off.
        files: spec.files.length,
        fields: spec.fields.length + 4,
        parts: spec.files.length + spec.fields.length + 4,
        fileSize: spec.maxFileBytes,
        fieldSize: spec.maxFieldBytes ?? 1024,
      },
    });
    for await (const part of parts) {
      current = part.fieldname;
      if (part.type === 'file') {
        if (spec.files.includes(part.fieldname) && !form.files[part.fieldname]) {
          // The name is one of the spec's, never the sender's.
          const file = path.join(await scratchDir(), part.fieldname);
          const bytes = await save(part.file, file);
          if (part.file.truncated) throw fileTooLarge(spec, part.fieldname);
          form.files[part.fieldname] = { path: file, bytes };
        } else {
          part.file.resume();
          fail(
            part.fieldname,
            spec.files.includes(part.fieldname) ? 'Send one file' : 'Unknown field',
          );
        }
      } else if (!spec.fields.includes(part.fieldname)) {
        fail(part.fieldname, 'Unknown field');
      } else if (part.valueTruncated) {
        fail(part.fieldname, 'This value is too long');
      } else if (unstorableTextPaths(part.value).length > 0) {
        fail(part.fieldname, UNSTORABLE_TEXT_MESSAGE);
      } else {
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw multipartFailure(error, spec, current, fileField);
  }
  if (errors.size > 0) {
    throw AppError.validation(errors.toRecord());
  }
  return form;
}

function multipartFailure(error: unknown, spec: MultipartSpec, current: string, fileField: string) {
  if (error instanceof AppError || error instanceof ScratchError) return error;
  const code = (error as { code?: unknown }).code;
  const field = spec.files.includes(current) ? current : fileField;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(spec, field);
    case 'FST_FILES_LIMIT':
      return new AppError(ErrorCode.badRequest, 'Send one file.', 400, {
        [field]: ['Send one file.'],
      });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(ErrorCode.badRequest, 'The form has too many fields.', 400);
    default: {
      // Busboy's own errors (no boundary, a truncated body …) are plain Errors: still the client's.
      const message = 'The form data could not be read.';
      return new AppError(ErrorCode.badRequest, message, 400, { [field]: [message] });
    }
  }
}
