import { PasswordInput } from '@mantine/core';
import { NEW_PASSWORD_HINT } from './new-password.ts';

export interface NewPasswordFieldsProps {
  newPassword: string;
  confirmation: string;
  onNewPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: { newPassword?: string | undefined; confirmation?: string | undefined };
}

/** A new password and its confirmation, as the reset page and Security both ask for them. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label="New password"
        description={NEW_PASSWORD_HINT}
        autoComplete="new-password"
        value={props.newPassword}
        onChange={(event) => props.onNewPassword(event.currentTarget.value)}
        error={props.errors.newPassword}
        // Mantine marks a PasswordInput's error only in its styles.
        aria-invalid={props.errors.newPassword !== undefined}
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={(event) => props.onConfirmation(event.currentTarget.value)}
        error={props.errors.confirmation}
        aria-invalid={props.errors.confirmation !== undefined}
      />
    </>
  );
}
