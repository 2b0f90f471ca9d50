import type { OfficeMeDocument } from '@atelier/contract';
import { Button, Group, NativeSelect, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type Ref } from 'react';
import { hasFilters, type QueueView } from './queue-view.ts';

interface QueueFiltersProps {
  view: QueueView;
  me: OfficeMeDocument['data'] | undefined;
  /** A new filter: the page starts at 1 again. */
  onChange: (filters: Pick<QueueView, 'mine' | 'stylistId' | 'designerId' | 'q'>) => void;
  /** The search box, for the "/" shortcut. */
  searchRef?: Ref<HTMLInputElement>;
}

const idOf = (value: string): number | null => (value === '' ? null : Number(value));

/** "Mine", a stylist, a designer and a search: they apply to the list and to every count. */
export function QueueFilters({ view, me, onChange, searchRef }: QueueFiltersProps) {
  const filters = {
    mine: view.mine,
    stylistId: view.stylistId,
    designerId: view.designerId,
    q: view.q,
  };
  const [term, setTerm] = useState(view.q);
  const [shownQ, setShownQ] = useState(view.q);
  // Back and Forward change the URL's search: the box follows it.
  if (view.q !== shownQ) {
    setShownQ(view.q);
    setTerm(view.q);
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ ...filters, q: term.trim() });
  }

  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Switch
        label="Mine"
        checked={view.mine}
        onChange={(event) => onChange({ ...filters, mine: event.currentTarget.checked })}
        mb={8}
      />
      <NativeSelect
        label="Stylist"
        value={view.stylistId === null ? '' : String(view.stylistId)}
        onChange={(event) => onChange({ ...filters, stylistId: idOf(event.currentTarget.value) })}
        data={[
          { value: '', label: 'All stylists' },
          ...(me?.stylists ?? []).map((person) => ({
            value: String(person.id),
            label: person.name,
          })),
        ]}
        w={{ base: '100%', xs: 200 }}
      />
      <NativeSelect
        label="Designer"
        value={view.designerId === null ? '' : String(view.designerId)}
        onChange={(event) => onChange({ ...filters, designerId: idOf(event.currentTarget.value) })}
        data={[
          { value: '', label: 'All designers' },
          ...(me?.designers ?? []).map((designer) => ({
            value: String(designer.id),
            label: designer.name,
          })),
        ]}
        w={{ base: '100%', xs: 200 }}
      />
      <form role="search" aria-label="Items" onSubmit={onSearch} style={{ flex: '1 1 18rem' }}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            ref={searchRef}
            type="search"
            label="Search"
            placeholder="Quote id, barcode or tracking number"
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
            maxLength={100}
            flex={1}
          />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </form>
      {hasFilters(view) && (
        <Button
          variant="subtle"
          onClick={() => onChange({ mine: false, stylistId: null, designerId: null, q: '' })}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
