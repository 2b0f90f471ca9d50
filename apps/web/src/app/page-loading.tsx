import { Center, Loader } from '@mantine/core';

/** Shown while the first page's code arrives (lazy routes, docs/decisions/0008). */
export function PageLoading() {
  return (
    <Center mih="60vh" role="status" aria-label="Loading">
      <Loader color="gray" />
    </Center>
  );
}
