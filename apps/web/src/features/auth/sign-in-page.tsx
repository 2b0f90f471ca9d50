import { NON_STYLIST_MESSAGE } from '@atelier/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { accountQueryOptions, useAdoptBrowserTimeZone } from './account-queries.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { useLogout } from './logout.ts';
import { prerenderedSignIn } from './prerendered-sign-in.ts';
import { FORGOT_ATTRIBUTE } from '../../app/prerendered-shell.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { accountLoadErrorMessage, signIn, signInErrorMessage } from './sign-in.ts';
import classes from './sign-in-page.module.css';
import { useSession } from '../../lib/use-session.ts';

/** Home (§2): the sign-in card beside the side image; a signed-in account is checked here. */
export function SignInPage() {
  const { status, notice } = useSession();
  const hasToken = status !== 'anonymous' && status !== 'expired';
  // `/?forgot` opens the card on "Forgot password?" (a spent reset link points here).
  const [searchParams] = useSearchParams();
  const [forgotEmail, setForgotEmail] = useState<string | null>(
    searchParams.has('forgot') ? '' : null,
  );

  return (
    <div className={classes.page}>
      <div className={classes.art} aria-hidden="true" />
      <div className={classes.panel}>
        <Paper className={classes.card} withBorder radius="md" p={{ base: 'lg', xs: 'xl' }}>
          {hasToken ? (
            <AccountCheck />
          ) : forgotEmail !== null ? (
            <ForgotPasswordForm initialEmail={forgotEmail} onBack={() => setForgotEmail(null)} />
          ) : (
            <SignInForm notice={notice} onForgot={setForgotEmail} />
          )}
        </Paper>
      </div>
    </div>
  );
}

function SignInForm({
  notice,
  onForgot,
}: {
  notice: string | null;
  onForgot: (email: string) => void;
}) {
  // The prerendered form as the visitor left it, when this render replaces it (main.tsx).
  const [typed] = useState(prerenderedSignIn);
  const [email, setEmail] = useState(typed?.email ?? '');
  const [password, setPassword] = useState(typed?.password ?? '');
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!typed) return;
    if (typed.isForgotPressed) {
      onForgot(typed.email.trim());
      return;
    }
    if (typed.focused) (typed.focused === 'email' ? emailInput : passwordInput).current?.focus();
    if (typed.isSubmitted) emailInput.current?.form?.requestSubmit();
  }, [typed, onForgot]);
  const signInMutation = useMutation({ mutationFn: signIn });
  const message = signInMutation.isError ? signInErrorMessage(signInMutation.error) : notice;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    sessionStore.dismissNotice();
    signInMutation.mutate({ email: email.trim(), password });
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="sign-in-heading">
      <Stack gap="md">
        <div>
          <Text size="xs" c="gold.4" className={classes.eyebrow}>
            Stylist portal
          </Text>
          <Title id="sign-in-heading" order={1} fz={34} mt={6}>
            Sign in
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Welcome back. Sign in to manage your clients and their pieces.
          </Text>
        </div>

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
          ref={emailInput}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          ref={passwordInput}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="gold.4"
            {...{ [FORGOT_ATTRIBUTE]: '' }}
            onClick={() => onForgot(email.trim())}
          >
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={signInMutation.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

/**
 * §4: after the token fetch the account must be a stylist's or, for the back office (issue 30), a
 * staff member's; else the session ends. The guard then sends each to their start page.
 */
function AccountCheck() {
  const logout = useLogout();
  const { status } = useSession();
  const account = useQuery(accountQueryOptions());
  const { mutate: adoptBrowserTimeZone } = useAdoptBrowserTimeZone();

  useEffect(() => {
    if (status !== 'pending') return;
    if (account.isError) {
      void logout({ notice: accountLoadErrorMessage(account.error) });
    } else if (account.data) {
      const { isStylist, officeRole, timeZone } = account.data.data.attributes;
      if (!isStylist) {
        if (officeRole) sessionStore.markOfficeVerified();
        else void logout({ notice: NON_STYLIST_MESSAGE });
        return;
      }
      sessionStore.markStylistVerified();
      // A failure is left for the next sign-in: until then emails and PDFs are dated in UTC.
      if (timeZone === null) adoptBrowserTimeZone();
    }
  }, [status, account.data, account.isError, account.error, logout, adoptBrowserTimeZone]);

  return (
    <Stack align="center" gap="md" py="xl" role="status">
      <Loader color="gold" type="dots" />
      <Text>Loading your account</Text>
    </Stack>
  );
}
