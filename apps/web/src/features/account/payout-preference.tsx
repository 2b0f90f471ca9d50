import type { AccountDocument, PaymentMethod } from '@atelier/contract';
import { Button, Group, List, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { findStylist, useAccount } from '../auth/index.ts';
import { useDisplayText } from '../content/index.ts';
import { paymentOptionsErrors, useSavePaymentOptions } from './payment-options-queries.ts';
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
  // The row is there from the first paint, like its neighbours; only its content waits.
  const setting = account ? readPayoutSetting(account) : null;
  return (
    <ExpandableRow label="Payout" summary={setting ? describePayout(setting) : 'Loading…'}>
      {setting ? (
        <PayoutForm initial={setting} />
      ) : (
        <Loader size="sm" m="md" aria-label="Loading payout preference" />
      )}
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
  const formRef = useRef<HTMLFormElement>(null);
  const errors = save.isError ? paymentOptionsErrors(save.error) : null;
  const errorMessages = errors?.other ?? [];

  // Saving keeps focus on the button; the outcome then takes it (the field at fault, the error
  // list or "Saved"), so it is read out and the next key acts on it.
  useEffect(() => {
    if (!save.isSuccess && !save.isError) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-result]')?.focus();
  }, [save.isSuccess, save.isError]);

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
      ref={formRef}
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
            error={
              errors && errors.paypalAddress.length > 0 ? errors.paypalAddress.join(' ') : null
            }
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
          <Text
            data-result={save.isSuccess || undefined}
            tabIndex={save.isSuccess ? -1 : undefined}
            role="status"
            size="sm"
            c={save.isSuccess ? 'gold.4' : 'dimmed'}
          >
            {save.isPending ? 'Saving…' : save.isSuccess ? 'Saved' : ''}
          </Text>
        </Group>
        {/* The live region wraps the list: a role on the <ul> itself would hide it is a list. */}
        {errorMessages.length > 0 && (
          <div data-result tabIndex={-1} role="alert" id={errorsId}>
            <List size="sm" c="red.4" aria-label="Payout errors">
              {errorMessages.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </div>
        )}
      </Stack>
    </form>
  );
}
