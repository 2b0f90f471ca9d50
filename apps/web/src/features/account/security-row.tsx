import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  fieldError,
  formError,
  newPasswordProblems,
  NewPasswordFields,
  changePassword,
} from '../auth/index.ts';
import classes from './account-rows.module.css';
import { AccountSiteRow } from './account-site-row.tsx';
import { useSiteLinks } from './account-site-queries.ts';
import { ExpandableRow } from './expandable-row.tsx';

/**
 * "Security" (§2): the external account site when one is connected; without one, the password
 * is changed here.
 */
export function SecurityRow() {
  const siteLinks = useSiteLinks();
  if (siteLinks.data?.hasAccountSite !== false) {
    return <AccountSiteRow page="security" label="Security" />;
  }
  return (
    <ExpandableRow label="Security" summary="Change your password">
      <ChangePasswordForm />
    </ExpandableRow>
  );
}

function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<ReturnType<typeof newPasswordProblems>>({});
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
    },
  });
  const message = formError(change.error, ['currentPassword', 'newPassword']);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPasswordProblems(newPassword, confirmation);
    setProblems(found);
    if (Object.keys(found).length === 0) change.mutate({ currentPassword, newPassword });
  }

  return (
    <form onSubmit={onSubmit} aria-label="Change your password" noValidate>
      <Stack gap="sm" className={classes.panel}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          error={fieldError(change.error, 'currentPassword')}
        />
        <NewPasswordFields
          newPassword={newPassword}
          confirmation={confirmation}
          onNewPassword={setNewPassword}
          onConfirmation={setConfirmation}
          errors={{
            newPassword: problems.newPassword ?? fieldError(change.error, 'newPassword'),
            confirmation: problems.confirmation,
          }}
        />
        {message && (
          <Text role="alert" size="sm" c="red.4">
            {message}
          </Text>
        )}
        {change.isSuccess && (
          <Text role="status" size="sm" c="gold.3">
            {change.data}
          </Text>
        )}
        <Button type="submit" loading={change.isPending} disabled={currentPassword === ''}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
