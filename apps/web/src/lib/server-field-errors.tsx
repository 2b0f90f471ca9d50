import type { FormErrors } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from './api-client.ts';

export interface ServerFieldErrors<Field extends string> {
  /** Messages by form field; a key like "imageIds.0" counts for its field, "imageIds". */
  fields: Partial<Record<Field, string[]>>;
  /** Messages of keys that are none of the form's fields. */
  others: string[];
}

/** A failed call's field errors (the contract's `errors`), split into the form's fields and the rest. */
export function readServerFieldErrors<Field extends string>(
  error: unknown,
  fieldNames: readonly Field[],
): ServerFieldErrors<Field> {
  const fields: Partial<Record<Field, string[]>> = {};
  const others: string[] = [];
  const errors = (isApiError(error) && error.errors) || {};
  for (const [key, messages] of Object.entries(errors)) {
    if (messages.length === 0) continue;
    const field = fieldNames.find((name) => name === key.split('.')[0]);
    if (field) fields[field] = [...(fields[field] ?? []), ...messages];
    else others.push(...messages);
  }
  return { fields, others };
}

/** A field can fail more than one rule; each message gets its own line. */
function FieldMessages({ messages }: { messages: readonly string[] }) {
  return messages.map((message, index) => (
    <span key={`${index}:${message}`} style={{ display: 'block' }}>
      {message}
    </span>
  ));
}

/**
 * The one way a form shows the server's field errors (STYLE.md "Errors"): `show(error)` puts each
 * field's messages under it as the Mantine form's errors, which editing the field clears, and the
 * first field at fault takes focus. It returns what it read, for the form to report the rest.
 */
export function useServerFieldErrors<Field extends string>(
  form: { setErrors: (errors: FormErrors) => void },
  fieldNames: readonly Field[],
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (failures > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [failures]);

  function show(error: unknown): ServerFieldErrors<Field> {
    const read = readServerFieldErrors(error, fieldNames);
    const entries = Object.entries<string[] | undefined>(read.fields);
    form.setErrors(
      Object.fromEntries(
        entries.map(([field, messages = []]) => [field, <FieldMessages messages={messages} />]),
      ),
    );
    setFailures((count) => count + 1);
    return read;
  }

  return { formRef, show };
}
