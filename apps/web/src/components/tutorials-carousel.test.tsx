import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { TutorialsCarousel } from './tutorials-carousel.tsx';
import { TUTORIALS } from '../features/tutorials/tutorials-test-data.ts';

function renderCarousel() {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient()} mantineEnv="test">
      <TutorialsCarousel tutorials={TUTORIALS} categories={['Quotes', 'Welcome']} />
    </AppProviders>,
  );
  return { user };
}

const slides = () =>
  screen
    .getAllByRole('group')
    .filter((group) => group.getAttribute('aria-roledescription') === 'slide');
const currentSlide = () => slides().find((slide) => slide.hasAttribute('data-current'));
const dot = (n: number) => screen.getByRole('button', { name: `Go to tutorial ${n}` });

// Mantine renders are slow on a busy machine; the default 5 s is too tight.
const UI_TEST_TIMEOUT_MS = 20_000;

describe('tutorials carousel', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('starts on Welcome, its tutorials in order, the first one current', () => {
    renderCarousel();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Welcome');
    expect(slides().map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 3: Welcome to Atelier',
      '2 of 3: Your dashboard',
      '3 of 3: Your first client',
    ]);
    expect(currentSlide()).toHaveAccessibleName('1 of 3: Welcome to Atelier');
    const first = slides()[0]!;
    expect(within(first).getByText('Welcome to Atelier, in a few minutes.')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', '/files/seed/tutorial-1.jpg');
    expect(dot(1)).toHaveAttribute('aria-current', 'true');
  });

  test('Next, Prev and the dots move the current slide, disabled at the ends', async () => {
    const { user } = renderCarousel();
    const previous = screen.getByRole('button', { name: 'Previous tutorial' });
    const next = screen.getByRole('button', { name: 'Next tutorial' });
    expect(previous).toBeDisabled();

    await user.click(next);
    expect(currentSlide()).toHaveAccessibleName('2 of 3: Your dashboard');
    expect(dot(2)).toHaveAttribute('aria-current', 'true');
    await user.click(next);
    expect(currentSlide()).toHaveAccessibleName('3 of 3: Your first client');
    expect(next).toBeDisabled();

    await user.click(previous);
    expect(currentSlide()).toHaveAccessibleName('2 of 3: Your dashboard');
    await user.click(dot(1));
    expect(currentSlide()).toHaveAccessibleName('1 of 3: Welcome to Atelier');
    expect(dot(2)).not.toHaveAttribute('aria-current');
  });

  test('another category shows its own tutorials, from the first', async () => {
    const { user } = renderCarousel();
    await user.click(screen.getByRole('button', { name: 'Next tutorial' }));
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Quotes' }));

    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Quotes');
    expect(slides().map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 2: Photographing an item',
      '2 of 2: Presenting offers',
    ]);
    expect(currentSlide()).toHaveAccessibleName('1 of 2: Photographing an item');
  });

  test('play shows the video with controls in place of the cover; moving on stops it', async () => {
    const { user } = renderCarousel();
    // Only a tutorial that shows a video has a play button.
    expect(screen.getAllByRole('button', { name: /^Play / })).toHaveLength(1);
    expect(document.querySelector('video')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Play Welcome to Atelier' }));
    const video = screen.getByLabelText('Video: Welcome to Atelier');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/files/seed/tutorial-welcome-tour.webm');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('autoplay');
    expect(screen.queryByRole('button', { name: 'Play Welcome to Atelier' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next tutorial' }));
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('button', { name: 'Play Welcome to Atelier' })).toBeInTheDocument();
  });
});
