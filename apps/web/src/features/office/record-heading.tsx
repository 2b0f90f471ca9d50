import { Text, Title } from '@mantine/core';
import { formatDate } from '../../lib/format.ts';

interface RecordHeadingProps {
  /** "Client" or "Stylist": the record's kind, above its name. */
  kind: string;
  id: number;
  name: string;
  createdAt: string;
}

/** A record page's heading: its kind and number, the person's name, and since when they are known. */
export function RecordHeading({ kind, id, name, createdAt }: RecordHeadingProps) {
  return (
    <div>
      <Text size="xs" c="gold.3" tt="uppercase" lts="0.12em">
        {kind} #{id}
      </Text>
      <Title order={1} fz={{ base: 26, xs: 32 }} mt={4}>
        {name}
      </Title>
      <Text size="sm" c="dark.1">
        Since {formatDate(createdAt)}
      </Text>
    </div>
  );
}
