import { usStatesByLetter, type ClientResource, type CreateClientBody } from '@atelier/contract';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { readServerFieldErrors, useServerFieldErrors } from '../../lib/server-field-errors.tsx';
import { useDisplayText } from '../content/index.ts';
import classes from './add-client-form.module.css';
import { useCreateClient } from './client-queries.ts';
import { ShopLink } from './shop-link.tsx';

type FieldName = keyof CreateClientBody;
type FormValues = Record<FieldName, string>;

const EMPTY_VALUES: FormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
};

const FIELD_NAMES = Object.keys(EMPTY_VALUES) as FieldName[];

/** §2: the 50 states grouped by first letter; values are the postal codes the server expects. */
const STATE_OPTIONS = [
  { value: '', label: 'Choose a state', disabled: true },
  ...usStatesByLetter().map(({ letter, states }) => ({
    group: letter,
    items: states.map((state) => ({ value: state.code, label: state.name })),
  })),
];

/**
 * The Add New Client form (§2). The server is the only validator (§5): its field errors show under
 * their fields, anything else above the button, and the typed values stay.
 */
export function AddClientForm() {
  const createClient = useCreateClient();
  const form = useForm<FormValues>({ initialValues: EMPTY_VALUES });
  const { formRef, show: showServerErrors } = useServerFieldErrors(form, FIELD_NAMES);
  const [focusRequest, setFocusRequest] = useState(0);
  const firstFieldRef = useRef<HTMLInputElement>(null);

  const { error } = createClient;
  const read = readServerFieldErrors(error, FIELD_NAMES);
  const hasFieldErrors = Object.keys(read.fields).length > 0;
  const generalMessages = error ? [...(hasFieldErrors ? [] : [error.message]), ...read.others] : [];

  useEffect(() => {
    if (focusRequest > 0) firstFieldRef.current?.focus();
  }, [focusRequest]);

  if (createClient.isSuccess) {
    return (
      <SuccessPanel
        client={createClient.data.data}
        onAddAnother={() => {
          form.reset();
          createClient.reset();
          setFocusRequest((count) => count + 1);
        }}
      />
    );
  }

  // A field's server error hides once the stylist edits that field, until the next submit.
  function fieldProps(name: FieldName) {
    return { name, ...form.getInputProps(name) };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createClient.isPending) return;
    form.clearErrors();
    // Sent as typed: the server trims and validates, and an unchosen state ('') comes back as its
    // field error.
    createClient.mutate(form.getValues() as CreateClientBody, {
      onError: (failure) => showServerErrors(failure),
    });
  }

  return (
    // noValidate: the server's messages are the only ones, shown the same way for every field.
    <form ref={formRef} onSubmit={onSubmit} noValidate className={classes.form}>
      <Stack gap="lg">
        <div className={classes.fields}>
          <TextInput
            ref={firstFieldRef}
            label="First Name"
            autoComplete="given-name"
            autoCapitalize="words"
            className={classes.half}
            {...fieldProps('firstName')}
          />
          <TextInput
            label="Last Name"
            autoComplete="family-name"
            autoCapitalize="words"
            className={classes.half}
            {...fieldProps('lastName')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            className={classes.half}
            {...fieldProps('email')}
          />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            className={classes.half}
            {...fieldProps('phone')}
          />
          <TextInput
            label="Address"
            autoComplete="address-line1"
            className={classes.full}
            {...fieldProps('address')}
          />
          <TextInput
            label="City"
            autoComplete="address-level2"
            autoCapitalize="words"
            className={classes.city}
            {...fieldProps('city')}
          />
          <NativeSelect
            label="State"
            autoComplete="address-level1"
            data={STATE_OPTIONS}
            className={classes.state}
            {...fieldProps('state')}
          />
          <TextInput
            label="Postal Code"
            autoComplete="postal-code"
            inputMode="numeric"
            className={classes.postalCode}
            {...fieldProps('postalCode')}
          />
        </div>

        {generalMessages.length > 0 && (
          <Alert color="red" variant="light" radius="md">
            {generalMessages.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}

        <Button
          type="submit"
          size="md"
          fullWidth
          disabled={createClient.isPending}
          leftSection={createClient.isPending ? <Loader size={16} color="dark.2" /> : undefined}
          lts="0.06em"
        >
          {createClient.isPending ? 'Signing Up' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}

interface SuccessPanelProps {
  client: ClientResource;
  onAddAnother: () => void;
}

function SuccessPanel({ client, onAddAnother }: SuccessPanelProps) {
  const message = useDisplayText('addClient.successMessage');
  const loginLabel = useDisplayText('addClient.loginButton');
  const addAnotherLabel = useDisplayText('addClient.addAnotherButton');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form the stylist was in is gone: move focus to what replaced it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Stack gap="md" align="stretch">
      <Title ref={headingRef} tabIndex={-1} order={3} fz={28} c="gold.3" style={{ outline: 0 }}>
        Congratulations!
      </Title>
      <Text>{message}</Text>
      {/* §2/§7: the login button signs in to the new client's shop account, as Buy does. */}
      <Group gap="sm" mt="xs" grow preventGrowOverflow={false}>
        <ShopLink
          clientId={client.id}
          target="dashboard"
          href={client.links.shopAccount}
          size="md"
          miw="fit-content"
        >
          {loginLabel}
        </ShopLink>
        <Button variant="outline" size="md" miw="fit-content" onClick={onAddAnother}>
          {addAnotherLabel}
        </Button>
      </Group>
    </Stack>
  );
}
