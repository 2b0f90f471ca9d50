import { Alert, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Masonry } from '../../components/masonry.tsx';
import { findStylist, useAccount } from '../auth/index.ts';
import { AddClientForm } from '../clients/index.ts';
import { ReportsCard } from '../commissions/index.ts';
import { DashboardCard } from '../../components/dashboard-card.tsx';
import { MarketingBoxCard } from './marketing-box-card.tsx';
import { OverviewCard } from './overview-card.tsx';
import { TutorialsCard } from './tutorials-card.tsx';
import { useGoScroll } from './use-go-scroll.ts';

/** About the form's height, so the cards below do not jump when it arrives. */
const ADD_CLIENT_FORM_HEIGHT = 300;

/** /dashboard (§2): the greeting over the card masonry; `?go=` scrolls to a card by its id. */
export function DashboardPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  useGoScroll(searchParams.get('go'), location.key);

  return (
    <Container size="lg" py={{ base: 'lg', xs: 'xl' }}>
      <Stack gap="xl">
        <Greeting />
        {/* Cards in the order of §2; the marketing box and the tutorials render only when due. */}
        <Masonry columns={2}>
          <OverviewCard />
          <MarketingBoxCard />
          <TutorialsCard />
          <DashboardCard id="addClient" title="Add New Client">
            <Suspense fallback={<Skeleton height={ADD_CLIENT_FORM_HEIGHT} radius="sm" />}>
              <AddClientForm />
            </Suspense>
          </DashboardCard>
          <ReportsCard />
        </Masonry>
      </Stack>
    </Container>
  );
}

function Greeting() {
  const account = useAccount();

  if (account.isPending) return <Skeleton height={44} width={280} radius="sm" />;
  if (account.isError) {
    return (
      <Alert color="red" variant="light" title="Your account could not be loaded">
        {account.error.message}
      </Alert>
    );
  }
  const firstName =
    findStylist(account.data)?.attributes.firstName ?? account.data.data.attributes.firstName;
  return (
    <div>
      <Text size="xs" c="gold.4" tt="uppercase" lts="0.28em">
        Dashboard
      </Text>
      <Title order={1} fz={{ base: 30, xs: 38 }} mt={6}>
        Welcome back, {firstName}
      </Title>
    </div>
  );
}
