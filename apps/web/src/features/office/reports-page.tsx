// Mantine's table styles, loaded with the page that shows tables (app/mantine-styles.css).
import '@mantine/core/styles/Table.css';
import {
  OFFICE_DECISION_LABELS,
  OFFICE_DECISIONS,
  OFFICE_ROLE_LABELS,
  OFFICE_STAGE_LABELS,
  OFFICE_STAGES,
  isOfficeRole,
  type OfficeReportDocument,
} from '@atelier/contract';
import type { DatesRangeValue } from '@mantine/dates';
import {
  Anchor,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconChartBar, IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { routes } from '../../app/routes.ts';
import { LoadError } from '../../components/load-error.tsx';
import { formatDate } from '../../lib/format.ts';
import { OfficeHeader } from './office-header.tsx';
import classes from './reports-page.module.css';
import {
  downloadOfficeReportCsv,
  readReportRange,
  useOfficeReport,
  type ReportRange,
} from './reports-queries.ts';

const DateRangeInput = lazy(() =>
  import('../../components/date-range-input.tsx').then((m) => ({ default: m.DateRangeInput })),
);

/** The height of a size "sm" input. */
const INPUT_HEIGHT = 36;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekday = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

export const formatHours = (hours: number | null) => (hours === null ? '–' : `${hours} h`);
export const formatShare = (share: number | null) =>
  share === null ? '–' : `${Math.round(share * 1000) / 10}%`;

/** A count's cell: right-aligned, a zero dimmed so the day's work stands out. */
const countClass = (count: number) =>
  count === 0 ? `${classes.number} ${classes.zero}` : classes.number;

const rangeText = (range: ReportRange) =>
  range.from === range.to
    ? formatDate(range.from)
    : `${formatDate(range.from)} – ${formatDate(range.to)}`;

/** /office/reports (issue 30 §11): the office's work over a range of days, and its CSV. */
export function ReportsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const range = readReportRange(searchParams);
  const report = useOfficeReport(range);
  // The picker holds a half-chosen range (a start, no end yet) until its end is picked.
  const [picking, setPicking] = useState<[string | null, string | null] | null>(null);
  const download = useMutation({
    mutationFn: () => downloadOfficeReportCsv(range),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not downloaded', message: error.message }),
  });

  function onRangeChange([from, to]: DatesRangeValue<string>) {
    if (from && to) {
      setPicking(null);
      setSearchParams({ from, to });
    } else {
      setPicking([from, to]);
    }
  }

  const shown = report.data;
  return (
    <Container size="xl" py={{ base: 'lg', xs: 'xl' }} px={{ base: 'md', xs: 'xl' }}>
      <OfficeHeader />
      <Stack gap="lg">
        <Anchor component={Link} to={routes.office.path} size="sm" c="gold.3" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Back to the queues
          </Group>
        </Anchor>
        <div>
          <Text size="xs" c="gold.4" tt="uppercase" lts="0.28em">
            Back office
          </Text>
          <Title order={1} fz={{ base: 30, xs: 38 }} mt={6}>
            Reports
          </Title>
        </div>

        <Group gap="sm" align="flex-end" wrap="wrap">
          <Suspense fallback={<div className={classes.picker} style={{ height: INPUT_HEIGHT }} />}>
            <DateRangeInput
              value={picking ?? [range.from, range.to]}
              onChange={onRangeChange}
              className={classes.picker}
            />
          </Suspense>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            Download CSV
          </Button>
        </Group>
        {shown && (
          <Text size="sm" c="dark.1">
            Days are counted in {shown.meta.timeZone}; times in business hours (Monday to Friday, 9
            to 5), as the queues&apos; SLA targets count them.
          </Text>
        )}

        {report.isError && !shown ? (
          <LoadError
            title="The report could not be loaded"
            message={report.error.message}
            isRetrying={report.isFetching}
            onRetry={() => void report.refetch()}
          />
        ) : !shown ? (
          <ReportSkeleton />
        ) : (
          <ReportTables report={shown} range={range} isStale={report.isPlaceholderData} />
        )}
      </Stack>
    </Container>
  );
}

function ReportSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading the report">
      <Skeleton height={28} width="40%" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}

/** A table that scrolls sideways inside its own box on a narrow screen, never the page. */
function Scrolls({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section>
      {/* Outside the box, so a phone never scrolls it away; the table's caption names the table. */}
      <Title order={2} fz={20} fw={400} mb="xs">
        {label}
      </Title>
      {/* Focusable, so a keyboard can scroll it (axe: scrollable-region-focusable). */}
      <div className={classes.scroller} role="region" aria-label={label} tabIndex={0}>
        {children}
      </div>
    </section>
  );
}

function ReportTables({
  report,
  range,
  isStale,
}: {
  report: OfficeReportDocument;
  range: ReportRange;
  isStale: boolean;
}) {
  const { stages, days, staff } = report.data;
  const handled = stages.reduce((sum, row) => sum + row.handled, 0);
  if (handled === 0 && staff.length === 0) {
    return (
      <Stack align="center" gap="xs" py="xl" className={isStale ? classes.stale : undefined}>
        <IconChartBar size={32} stroke={1.4} aria-hidden />
        <Text fw={600}>No items handled in these dates</Text>
        <Text size="sm" c="dark.1">
          Pick other dates to see the queues&apos; work.
        </Text>
      </Stack>
    );
  }
  const period = rangeText(range);
  return (
    <Stack gap="xl" className={isStale ? classes.stale : undefined} aria-busy={isStale}>
      <Scrolls label={`Queues, ${period}`}>
        <Table className={classes.table} verticalSpacing="xs" miw={560}>
          <caption className={classes.caption}>Queues, {period}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Queue</Table.Th>
              <Table.Th scope="col" className={classes.head}>
                Items handled
              </Table.Th>
              <Table.Th scope="col" className={classes.head}>
                Median time in queue
              </Table.Th>
              <Table.Th scope="col" className={classes.head}>
                Breached
              </Table.Th>
              <Table.Th scope="col" className={classes.head}>
                SLA target
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stages.map((row) => (
              <Table.Tr key={row.stage}>
                <Table.Th scope="row">{OFFICE_STAGE_LABELS[row.stage]}</Table.Th>
                <Table.Td className={classes.number}>{row.handled}</Table.Td>
                <Table.Td className={classes.number}>{formatHours(row.medianHours)}</Table.Td>
                <Table.Td className={classes.number}>
                  {formatShare(row.breachedShare)}
                  {row.handled > 0 && (
                    <Text span size="xs" c="dark.1">
                      {' '}
                      ({row.breached} of {row.handled})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td className={classes.number}>{formatHours(row.targetHours)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Scrolls>

      <Scrolls label={`Items handled per day, ${period}`}>
        <Table className={classes.table} verticalSpacing={4} miw={860}>
          <caption className={classes.caption}>Items handled per day, {period}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day</Table.Th>
              {OFFICE_STAGES.map((stage) => (
                <Table.Th key={stage} scope="col" className={classes.head}>
                  {OFFICE_STAGE_LABELS[stage]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.date}>
                <Table.Th scope="row" className={classes.day}>
                  {weekday(day.date)} {formatDate(day.date)}
                </Table.Th>
                {OFFICE_STAGES.map((stage) => (
                  <Table.Td key={stage} className={countClass(day.handled[stage])}>
                    {day.handled[stage]}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Scrolls>

      <Scrolls label={`Decisions per staff member, ${period}`}>
        <Table className={classes.table} verticalSpacing="xs" miw={900}>
          <caption className={classes.caption}>Decisions per staff member, {period}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Staff member</Table.Th>
              {OFFICE_DECISIONS.map((decision) => (
                <Table.Th key={decision} scope="col" className={classes.head}>
                  {OFFICE_DECISION_LABELS[decision]}
                </Table.Th>
              ))}
              <Table.Th scope="col" className={classes.head}>
                Second opinions
              </Table.Th>
              <Table.Th scope="col" className={classes.head}>
                Total
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {staff.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={OFFICE_DECISIONS.length + 3}>
                  <Text size="sm" c="dark.1">
                    Nobody in the office decided anything in these dates.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              staff.map((member) => (
                <Table.Tr key={member.userId}>
                  <Table.Th scope="row">
                    {member.name}
                    <Text size="xs" c="dark.1" fw={400}>
                      {isOfficeRole(member.role) ? OFFICE_ROLE_LABELS[member.role] : member.role}
                    </Text>
                  </Table.Th>
                  {OFFICE_DECISIONS.map((decision) => (
                    <Table.Td key={decision} className={countClass(member.decisions[decision])}>
                      {member.decisions[decision]}
                    </Table.Td>
                  ))}
                  <Table.Td className={countClass(member.secondOpinions)}>
                    {member.secondOpinions}
                  </Table.Td>
                  <Table.Td className={classes.number} fw={600}>
                    {member.total}
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Scrolls>
    </Stack>
  );
}
