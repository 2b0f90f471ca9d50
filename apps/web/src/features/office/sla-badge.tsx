import { SLA_LABELS, type SlaState } from '@atelier/contract';
import { Badge } from '@mantine/core';

const COLORS: Readonly<Record<SlaState, string>> = {
  on_track: 'green',
  at_risk: 'orange',
  breached: 'red',
};

/** "On track", "At risk", "Breached": the words always, the colour only beside them. */
export function SlaBadge({ state }: { state: SlaState }) {
  return (
    <Badge color={COLORS[state]} variant="light" radius="sm" tt="none" fw={600}>
      {SLA_LABELS[state]}
    </Badge>
  );
}
