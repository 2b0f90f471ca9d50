import type { AccountDocument, PaymentMethod } from '@atelier/contract';
import { Button, Group, List, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { findStylist, useAccount } from '../auth/account-queries.ts';
import { useDisplayText } from '../content/content-queries.ts';
import { paymentOptionsErrorMessages, useSavePaymentOptions } from './payment-options-queries.ts';
import classes from './account-rows.module.css';
import { ExpandableRow } from './expandable-row.tsx';

interface PayoutSetting {
  method: PaymentMethod | null;
  paypalAddress: string | null;
}

/** The stylist entry holds the preference (§3); the account's own copy is the fallback. */
function readPayoutSetting(account: AccountDocument): PayoutSetting {
  const source = findStylist(account)?.attributes ?? account.data.attributes;
  return { method: source.paymentMethod, paypalAddress: source.paypalAddress };
}

export function describePayout({ method, paypalAddress }: PayoutSetting): string {
  if (method === 'check') return 'Check';
  if (method === 'paypal') return paypalAddress ? `PayPal (${paypalAddress})` : 'PayPal';
  return 'Not set';
}

/** The "Stylist Account" payout row (§2): the current method, expanding to its form. */
export function PayoutPreference() {
  const { data: account } = useAccount();
  if (!account) return null;
  const setting = readPayoutSetting(account);
  return (
    <ExpandableRow label="Payout" summary={describePayout(setting)}>
      <PayoutForm initial={setting} />
    </ExpandableRow>
  );
}

function PayoutForm({ initial }: { initial: PayoutSetting }) {
  const overview = useDisplayText('paymentSetting.overview');
  const paypalHelp = useDisplayText('paymentSetting.paypal');
  const save = useSavePaymentOptions();
  const [method, setMethod] = useState<PaymentMethod>(initial.method ?? 'check');
  const [paypalAddress, setPaypalAddress] = useState(initial.paypalAddress ?? '');
  const errorsId = useId();
  const errorMessages = save.isError ? paymentOptionsErrorMessages(save.error) : [];

  function onEdit() {
    // A new edit makes the last outcome ("Saved" or its errors) out of date.
    if (!save.isPending) save.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({
      paymentMethod: method,
      paypalAddress: method === 'paypal' ? paypalAddress.trim() : null,
    });
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className={classes.panel}
      aria-label="Payout preference"
      aria-describedby={errorMessages.length > 0 ? errorsId : undefined}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {overview}
        </Text>
        <Radio.Group
          label="Payout method"
          value={method}
          onChange={(value) => {
            setMethod(value === 'paypal' ? 'paypal' : 'check');
            onEdit();
          }}
        >
          <Stack gap="sm" mt="xs">
            <Radio value="check" label="Check" description="3-5 Business days - Free" />
            <Radio value="paypal" label="PayPal" />
          </Stack>
        </Radio.Group>
        {method === 'paypal' && (
          <TextInput
            type="email"
            label="PayPal address"
            placeholder="Enter PayPal Address"
            description={paypalHelp}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="email"
            value={paypalAddress}
            onChange={(event) => {
              setPaypalAddress(event.currentTarget.value);
              onEdit();
            }}
          />
        )}
        <Group gap="xs" wrap="wrap">
          <Button type="submit" disabled={save.isPending} lts="0.06em" px="md">
            SAVE PAYOUT PREFERENCE
          </Button>
          <Text role="status" size="sm" c={save.isSuccess ? 'gold.4' : 'dimmed'}>
            {save.isPending ? 'Saving…' : save.isSuccess ? 'Saved' : ''}
          </Text>
        </Group>
        {errorMessages.length > 0 && (
          <List id={errorsId} size="sm" c="red.4" aria-label="Payout errors" role="alert">
            {errorMessages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </form>
  );
}
