import { HUB_TEXT } from '@atelier/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { useRequestNewLink } from './client-page-queries.ts';
import classes from './client-page.module.css';

/**
 * "Send me a new link" under an expired or unknown link: the client's own address gets a fresh
 * link to their hub. The server is the only validator; its answer never tells whether the
 * address is a client's.
 */
export function NewLinkForm() {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const request = useRequestNewLink();
  const emailError = isApiError(request.error) ? request.error.errors?.email?.[0] : undefined;
  // A refusal no field explains (too many requests, no network): the server's own words.
  const formMessage =
    request.isError && !emailError
      ? isApiError(request.error)
        ? request.error.message
        : HUB_TEXT.actionFailed
      : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!request.isPending) request.mutate({ email });
  }

  return (
    <section aria-labelledby={headingId} className={classes.answered}>
      <h2 id={headingId} className={classes.sectionTitle}>
        {HUB_TEXT.newLinkHeading}
      </h2>
      {request.isSuccess ? (
        <Alert color="green" variant="light" radius="md" role="status">
          {request.data.message}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm" align="stretch">
            <Text size="sm">{HUB_TEXT.newLinkHelp}</Text>
            {formMessage && (
              <Alert color="red" variant="light" radius="md" role="alert">
                {formMessage}
              </Alert>
            )}
            <TextInput
              label={HUB_TEXT.newLinkEmailLabel}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              error={emailError}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" loading={request.isPending} className={classes.formButton}>
              {HUB_TEXT.newLinkSend}
            </Button>
          </Stack>
        </form>
      )}
    </section>
  );
}
