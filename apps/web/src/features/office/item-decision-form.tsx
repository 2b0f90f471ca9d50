import { OFFICE_DECISION_LABELS, type OfficeDecision } from '@atelier/contract';
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  DECISION_FIELD_LABELS,
  DECISION_FIELDS,
  type DecisionField,
  type DecisionValues,
} from './item-decisions.ts';
import classes from './item-page.module.css';

// Fields of free text get a text area; amounts and days a single line.
const LONG_FIELDS: ReadonlySet<DecisionField> = new Set(['reason', 'commentToCustomer', 'message']);
const NUMBER_FIELDS: ReadonlySet<DecisionField> = new Set([
  'consignmentEstimate',
  'buyoutQuote',
  'expiresInDays',
  'commission',
  'purchasePrice',
]);

interface DecisionFormProps {
  decision: OfficeDecision | null;
  isPending: boolean;
  /** The server's field errors for the last try, by field, and the rest. */
  fieldErrors: Partial<Record<DecisionField, string>>;
  otherErrors: readonly string[];
  onSubmit: (decision: OfficeDecision, values: DecisionValues) => void;
  onClose: () => void;
  /** Shown beside the fields (the price guidance of "Make offers"); stacked under them when narrow. */
  aside?: ReactNode;
}

/** The small form of a decision that needs input: its fields, labelled, the server's errors under them. */
export function DecisionForm(props: DecisionFormProps) {
  const { decision } = props;
  return (
    <Modal
      opened={decision !== null}
      onClose={props.onClose}
      title={decision ? OFFICE_DECISION_LABELS[decision] : ''}
      centered
      size={props.aside ? 'xl' : 'md'}
      // The workspace moves focus itself: to the heading after a decision, to the opener after Cancel.
      returnFocus={false}
    >
      {decision &&
        (props.aside ? (
          <div className={classes.withAside}>
            <DecisionFields {...props} decision={decision} />
            {props.aside}
          </div>
        ) : (
          <DecisionFields {...props} decision={decision} />
        ))}
    </Modal>
  );
}

function DecisionFields(props: DecisionFormProps & { decision: OfficeDecision }) {
  const { decision, fieldErrors } = props;
  const fields: readonly DecisionField[] = DECISION_FIELDS[decision];
  const form = useForm<DecisionValues>({
    initialValues: Object.fromEntries(fields.map((field) => [field, ''])),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const { setErrors } = form;

  // The server's errors show under their fields; the first field at fault takes focus.
  useEffect(() => {
    setErrors(fieldErrors);
    // The fields are not marked invalid until the next render: the first is found by its name.
    const first = fields.find((field) => fieldErrors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus();
  }, [fieldErrors, setErrors, fields]);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit((values) => props.onSubmit(decision, values))}
    >
      <Stack gap="sm">
        {fields.map((field, index) => {
          const common = {
            label: DECISION_FIELD_LABELS[field],
            'data-autofocus': index === 0 || undefined,
            ...form.getInputProps(field),
          };
          if (LONG_FIELDS.has(field)) {
            return <Textarea key={form.key(field)} {...common} rows={3} />;
          }
          return (
            <TextInput
              key={form.key(field)}
              {...common}
              inputMode={NUMBER_FIELDS.has(field) ? 'decimal' : undefined}
            />
          );
        })}
        {props.otherErrors.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {props.otherErrors.join(' ')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={props.isPending}>
            {OFFICE_DECISION_LABELS[decision]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
