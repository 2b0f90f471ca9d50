import { MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ApiError } from './api-client.ts';
import { readServerFieldErrors, useServerFieldErrors } from './server-field-errors.tsx';

function refused(errors: Record<string, string[]>): ApiError {
  return new ApiError({
    status: 400,
    message: 'Validation failed',
    code: 'VALIDATION_FAILED',
    body: { message: 'Validation failed', code: 'VALIDATION_FAILED', errors },
  });
}

describe('readServerFieldErrors', () => {
  test("puts each key under its form field, an index's key under its field, the rest apart", () => {
    const read = readServerFieldErrors(
      refused({
        name: ['Required'],
        'imageIds.0': ['Not yours'],
        'imageIds.2': ['Gone'],
        shop: ['Closed'],
        description: [],
      }),
      ['name', 'description', 'imageIds'],
    );
    expect(read).toEqual({
      fields: { name: ['Required'], imageIds: ['Not yours', 'Gone'] },
      others: ['Closed'],
    });
  });

  test('a failure that is no API error, or carries no field errors, names no field', () => {
    const empty = { fields: {}, others: [] };
    expect(readServerFieldErrors(new Error('offline'), ['name'])).toEqual(empty);
    expect(
      readServerFieldErrors(new ApiError({ status: 500, message: 'x', code: 'INTERNAL' }), [
        'name',
      ]),
    ).toEqual(empty);
  });
});

function Form({ failure }: { failure: unknown }) {
  const form = useForm({ initialValues: { city: '', email: '' } });
  const { formRef, show } = useServerFieldErrors(form, ['city', 'email']);
  return (
    <form ref={formRef}>
      <TextInput label="City" {...form.getInputProps('city')} />
      <TextInput label="Email" {...form.getInputProps('email')} />
      <button type="button" onClick={() => show(failure)}>
        Refuse
      </button>
    </form>
  );
}

describe('useServerFieldErrors', () => {
  test('shows each message on its own line under its field, focuses it, and editing clears it', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <Form failure={refused({ email: ['Is taken', 'Looks wrong'] })} />
      </MantineProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Refuse' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Is taken Looks wrong');
    expect(screen.getByText('Looks wrong').tagName).toBe('SPAN');
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();

    await user.type(email, 'a');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Is taken')).not.toBeInTheDocument();
  });
});
