import { Alert, Button, Stack, Text } from '@mantine/core';

interface LoadErrorProps {
  /** What could not be loaded, e.g. "Your clients could not be loaded". */
  title: string;
  message: string;
  isRetrying?: boolean;
  onRetry: () => void;
}

/** A failed load says what failed and offers Retry; a card or page is never left blank. */
export function LoadError({ title, message, isRetrying = false, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" radius="md" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="outline" color="red.4" loading={isRetrying} onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
