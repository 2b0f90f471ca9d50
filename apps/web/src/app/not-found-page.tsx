import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { routes } from './routes.ts';

export function NotFoundPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="sm">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">There is no page at this address.</Text>
        <Anchor component={Link} to={routes.home.path}>
          Go to the start page
        </Anchor>
      </Stack>
    </Container>
  );
}
