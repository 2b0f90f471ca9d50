import { Button, Container, Stack, Text, Title } from '@mantine/core';

/** Shown when a page throws while rendering; a reload is the one honest remedy here. */
export function RouteErrorPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="sm" align="flex-start" role="alert">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">This page could not be shown. Reloading usually helps.</Text>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Stack>
    </Container>
  );
}
