import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTutorials } from '../tutorials/index.ts';
import { DashboardCard } from '../../components/dashboard-card.tsx';

// Only new stylists see the tutorials: the carousel (embla) loads when the card is due.
const TutorialsCarousel = lazy(() =>
  import('../../components/tutorials-carousel.tsx').then((m) => ({ default: m.TutorialsCarousel })),
);

/** §2, §9: the tutorials, on the dashboard only for a stylist created within the last 2 months. */
export function TutorialsCard() {
  const tutorials = useTutorials().data;
  if (!tutorials?.meta.isNewStylist || tutorials.data.length === 0) return null;

  return (
    <DashboardCard id="tutorials" title="Tutorials">
      <Suspense fallback={<Skeleton height={260} radius="md" />}>
        <TutorialsCarousel tutorials={tutorials.data} categories={tutorials.meta.categories} />
      </Suspense>
    </DashboardCard>
  );
}
