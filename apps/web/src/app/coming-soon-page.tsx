import { Container } from '@mantine/core';
import { ComingSoon } from '../components/coming-soon.tsx';
import type { AppRoute } from './routes.ts';

/** A screen of a later issue: its title and an honest "coming soon". */
export function ComingSoonPage({ route }: { route: AppRoute }) {
  return (
    <Container size="md" py={{ base: 'lg', xs: 'xl' }}>
      <ComingSoon title={route.title} />
    </Container>
  );
}
