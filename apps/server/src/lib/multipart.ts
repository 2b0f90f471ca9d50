import { ErrorCode, UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, FieldErrors } from './app-error.ts';

export interface MultipartSpec {
  /** Text fields the form may carry. */
  fields: readonly string[];
  /** File fields the form may carry, each at most once. */
  files: readonly string[];
  maxFileBytes: number;
  /** Longest text field value. */
  maxFieldBytes?: number;
}

export interface MultipartForm {
  fields: Partial<Record<string, string>>;
  files: Partial<Record<string, Buffer>>;
}

function megabytes(bytes: number) {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/**
 * Reads a multipart form with its parts in any order, holding each file in memory up to
 * `maxFileBytes`. Every failure is the client's and answers in the contract's error shape: 415
 * when the body is not multipart, 413 for a file over the limit, 400 for anything else wrong.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  spec: MultipartSpec,
): Promise<MultipartForm> {
  const fileField = spec.files[0] ?? spec.fields[0] ?? 'file';
  if (!request.isMultipart()) {
    const message = 'Send the form as multipart/form-data.';
    throw new AppError(ErrorCode.unsupportedMediaType, message, 415, { [fileField]: [message] });
  }
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
          form.files[part.fieldname] = await part.toBuffer();
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
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  const field = spec.files.includes(current) ? current : fileField;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const message = `This file is too large. Keep it under ${megabytes(spec.maxFileBytes)}.`;
      return new AppError(ErrorCode.payloadTooLarge, message, 413, { [field]: [message] });
    }
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
