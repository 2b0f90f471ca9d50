import { TutorialsCarousel } from '../tutorials/tutorials-carousel.tsx';
import { useTutorials } from '../tutorials/tutorials-queries.ts';
import { DashboardCard } from './dashboard-card.tsx';

/** §2, §9: the tutorials, on the dashboard only for a stylist created within the last 2 months. */
export function TutorialsCard() {
  const tutorials = useTutorials().data;
  if (!tutorials?.meta.isNewStylist || tutorials.data.length === 0) return null;

  return (
    <DashboardCard id="tutorials" title="Tutorials">
      <TutorialsCarousel tutorials={tutorials.data} categories={tutorials.meta.categories} />
    </DashboardCard>
  );
}
