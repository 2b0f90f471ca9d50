import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formError } from './form-errors.ts';
import { requestPasswordReset } from './password-api.ts';

/** "Forgot password?" on the sign-in card: an emailed link to choose a new one. */
export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const request = useMutation({ mutationFn: requestPasswordReset });
  const message = formError(request.error, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ email: email.trim() });
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="forgot-heading">
      <Stack gap="md">
        <div>
          <Title id="forgot-heading" order={1} fz={30}>
            Forgot password?
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Enter the email you sign in with, and we will email you a link to choose a new password.
          </Text>
        </div>
        {request.isSuccess ? (
          <Alert color="gold" variant="light" radius="md" role="status">
            {request.data}
          </Alert>
        ) : (
          <>
            {message && (
              <Alert color="red" variant="light" radius="md">
                {message}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              withAsterisk={false}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" size="md" fullWidth loading={request.isPending} mt="xs">
              Email me a link
            </Button>
          </>
        )}
        <Anchor component="button" type="button" size="sm" c="gold.4" onClick={onBack}>
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
