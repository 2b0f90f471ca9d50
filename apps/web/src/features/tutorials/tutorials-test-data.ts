import type { Tutorial, TutorialListDocument } from '@atelier/contract';

function tutorial(id: number, category: string, order: number, title: string): Tutorial {
  return {
    id,
    title,
    description: `${title}, in a few minutes.`,
    category,
    order,
    videoUrl: null,
    coverImageUrl: `/files/seed/tutorial-${id}.jpg`,
    showVideo: false,
  };
}

export const TUTORIALS: Tutorial[] = [
  tutorial(4, 'Quotes', 1, 'Photographing an item'),
  tutorial(5, 'Quotes', 2, 'Presenting offers'),
  {
    ...tutorial(1, 'Welcome', 1, 'Welcome to Atelier'),
    videoUrl: '/files/seed/tutorial-welcome-tour.webm',
    showVideo: true,
  },
  tutorial(2, 'Welcome', 2, 'Your dashboard'),
  tutorial(3, 'Welcome', 3, 'Your first client'),
];

export function tutorialList(overrides: { isNewStylist?: boolean } = {}): TutorialListDocument {
  return {
    data: TUTORIALS,
    meta: { categories: ['Quotes', 'Welcome'], isNewStylist: overrides.isNewStylist ?? true },
  };
}
