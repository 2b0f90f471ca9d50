import { Anchor, Container, Paper, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { dashboardSectionPath } from '../../app/routes.ts';
import { CommissionDetail, CommissionNotFound } from './commission-modal.tsx';

/** `/commission/:id` (§2): the commission modal's content as a page. */
export function CommissionPage() {
  const { id = '' } = useParams();
  const commissionId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  const isValidId = commissionId > 0 && commissionId <= 2_147_483_647;

  return (
    <Container size="sm" py={{ base: 'lg', xs: 'xl' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={dashboardSectionPath('commissions')} size="sm" c="gold.4">
          ← Back to Reports
        </Anchor>
        <Title order={1}>Commission</Title>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', xs: 'xl' }}
          bg="dark.7"
          style={{ borderColor: 'var(--mantine-color-dark-5)' }}
        >
          {isValidId ? (
            <CommissionDetail key={commissionId} commissionId={commissionId} />
          ) : (
            <CommissionNotFound />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
