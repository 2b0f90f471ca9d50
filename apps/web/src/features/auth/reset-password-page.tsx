import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { routes } from '../../app/routes.ts';
import { fieldError, formError, newPasswordProblems } from './new-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { resetPassword } from './password-api.ts';
import classes from './sign-in-page.module.css';

const ASK_AGAIN_PATH = `${routes.home.path}?forgot`;

/** The page an emailed reset link opens: choose a new password, then sign in with it. */
export function ResetPasswordPage() {
  const { hash, search } = useLocation();
  // The emailed link carries the token in the fragment, which no request sends (so no log holds
  // it); links mailed before that carried it in the query.
  const token =
    new URLSearchParams(hash.slice(1)).get('token') ??
    new URLSearchParams(search).get('token') ??
    '';

  return (
    <div className={classes.page}>
      <div className={classes.art} aria-hidden="true" />
      <div className={classes.panel}>
        <Paper className={classes.card} withBorder radius="md" p={{ base: 'lg', xs: 'xl' }}>
          {token ? <ResetPasswordForm token={token} /> : <IncompleteLink />}
        </Paper>
      </div>
    </div>
  );
}

function IncompleteLink() {
  return (
    <Stack gap="md">
      <Title order={1} fz={30}>
        Choose a new password
      </Title>
      <Alert color="red" variant="light" radius="md">
        This link is not complete. Open the link from the email again, or ask for a new one.
      </Alert>
      <Button component={Link} to={ASK_AGAIN_PATH} variant="outline">
        Ask for a new link
      </Button>
    </Stack>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<ReturnType<typeof newPasswordProblems>>({});
  const reset = useMutation({ mutationFn: resetPassword });
  const isSpentLink = fieldError(reset.error, 'token') !== undefined;
  const message = isSpentLink
    ? fieldError(reset.error, 'token')
    : formError(reset.error, ['newPassword']);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPasswordProblems(newPassword, confirmation);
    setProblems(found);
    if (Object.keys(found).length === 0) reset.mutate({ token, newPassword });
  }

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={1} fz={30}>
          Password changed
        </Title>
        <Text role="status">{reset.data}</Text>
        <Button component={Link} to={routes.home.path} size="md">
          Sign in
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="reset-heading" noValidate>
      <Stack gap="md">
        <div>
          <Title id="reset-heading" order={1} fz={30}>
            Choose a new password
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Every browser signed in to your account will be signed out.
          </Text>
        </div>
        {message && (
          <Alert color="red" variant="light" radius="md">
            {message}
          </Alert>
        )}
        {isSpentLink ? (
          <Button component={Link} to={ASK_AGAIN_PATH} variant="outline">
            Ask for a new link
          </Button>
        ) : (
          <>
            <NewPasswordFields
              newPassword={newPassword}
              confirmation={confirmation}
              onNewPassword={setNewPassword}
              onConfirmation={setConfirmation}
              errors={{
                newPassword: problems.newPassword ?? fieldError(reset.error, 'newPassword'),
                confirmation: problems.confirmation,
              }}
            />
            <Button type="submit" size="md" fullWidth loading={reset.isPending} mt="xs">
              Save new password
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
