import { Alert, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';
import { findStylist, useAccount } from '../auth/account-queries.ts';
import { useGoScroll } from './use-go-scroll.ts';

/** /dashboard (§2). The card masonry comes with the next issue; the `go=` anchors exist now. */
export function DashboardPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  useGoScroll(searchParams.get('go'), location.key);

  return (
    <Container size="lg" py={{ base: 'lg', xs: 'xl' }}>
      <Stack gap="xl">
        <Greeting />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ComingSoon
            id="dashboard"
            headingOrder={2}
            title="DASHBOARD"
            message="Your overview of clients, quotes and activity is coming soon."
          />
          <ComingSoon
            id="addClient"
            headingOrder={2}
            title="Add New Client"
            message="Registering new clients from here is coming soon."
          />
          <ComingSoon
            id="commissions"
            headingOrder={2}
            title="REPORTS"
            message="Your commissions and reports are coming soon."
          />
        </SimpleGrid>
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
