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
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { isApiError } from '../../lib/api-client.ts';
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
  const [values, setValues] = useState<FormValues>(EMPTY_VALUES);
  // A field's server error hides once the stylist edits that field, until the next submit.
  const [editedFields, setEditedFields] = useState<ReadonlySet<FieldName>>(new Set());
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);

  const { error } = createClient;
  const serverErrors = isApiError(error) ? (error.errors ?? {}) : {};
  const hasFieldErrors = FIELD_NAMES.some((name) => (serverErrors[name]?.length ?? 0) > 0);
  const otherMessages = Object.entries(serverErrors)
    .filter(([name]) => !FIELD_NAMES.includes(name as FieldName))
    .flatMap(([, messages]) => messages);
  const generalMessages = error
    ? [...(hasFieldErrors ? [] : [error.message]), ...otherMessages]
    : [];

  useEffect(() => {
    if (!error) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);

  useEffect(() => {
    if (focusRequest > 0) firstFieldRef.current?.focus();
  }, [focusRequest]);

  if (createClient.isSuccess) {
    return (
      <SuccessPanel
        client={createClient.data.data}
        onAddAnother={() => {
          setValues(EMPTY_VALUES);
          setEditedFields(new Set());
          createClient.reset();
          setFocusRequest((count) => count + 1);
        }}
      />
    );
  }

  function fieldProps(name: FieldName) {
    const messages = editedFields.has(name) ? undefined : serverErrors[name];
    return {
      name,
      value: values[name],
      error: messages?.length ? <FieldMessages messages={messages} /> : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
        setEditedFields((current) => new Set(current).add(name));
      },
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createClient.isPending) return;
    setEditedFields(new Set());
    // Sent as typed: the server trims and validates, and an unchosen state ('') comes back as its
    // field error.
    createClient.mutate(values as CreateClientBody);
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

/** A field can fail more than one rule; each message gets its own line. */
function FieldMessages({ messages }: { messages: string[] }) {
  return messages.map((message) => (
    <span key={message} style={{ display: 'block' }}>
      {message}
    </span>
  ));
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
