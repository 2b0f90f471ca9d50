import { DEFAULT_TUTORIAL_CATEGORY, type Tutorial } from '@atelier/contract';
import { ActionIcon, Group, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import {
  IconChevronLeft,
  IconChevronRight,
  IconPhoto,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import classes from './tutorials-carousel.module.css';

interface TutorialsCarouselProps {
  tutorials: readonly Tutorial[];
  categories: readonly string[];
}

function initialCategory(categories: readonly string[]): string | null {
  if (categories.includes(DEFAULT_TUTORIAL_CATEGORY)) return DEFAULT_TUTORIAL_CATEGORY;
  return categories[0] ?? null;
}

/** §2: a category select (Welcome first) over a carousel of that category's tutorials. */
export function TutorialsCarousel({ tutorials, categories }: TutorialsCarouselProps) {
  const [category, setCategory] = useState(() => initialCategory(categories));
  const shown = tutorials.filter((tutorial) => tutorial.category === category);

  if (categories.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No tutorials yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Select
        label="Category"
        data={[...categories]}
        value={category}
        onChange={(value) => value && setCategory(value)}
        allowDeselect={false}
        checkIconPosition="right"
        maw={240}
      />
      {/* A new category starts on its first slide, with nothing playing. */}
      <TutorialSlides key={category} tutorials={shown} category={category ?? ''} />
    </Stack>
  );
}

function TutorialSlides({
  tutorials,
  category,
}: {
  tutorials: readonly Tutorial[];
  category: string;
}) {
  const [viewportRef, emblaApi] = useEmblaCarousel({ align: 'center', containScroll: false });
  const [current, setCurrent] = useState(0);
  const [playingId, setPlayingId] = useState<number | null>(null);
  const total = tutorials.length;
  const position = Math.min(current, Math.max(total - 1, 0));

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => {
      setCurrent(emblaApi.selectedScrollSnap());
      // A video scrolled out of view stops.
      setPlayingId(null);
    };
    emblaApi.on('select', onSelect);
    return () => {
      emblaApi.off('select', onSelect);
    };
  }, [emblaApi]);

  function goTo(index: number) {
    setCurrent(index);
    setPlayingId(null);
    emblaApi?.scrollTo(index);
  }

  return (
    <section aria-roledescription="carousel" aria-label={`${category} tutorials`}>
      <div className={classes.viewport} ref={viewportRef}>
        <div className={classes.track}>
          {tutorials.map((tutorial, index) => (
            <div
              key={tutorial.id}
              className={classes.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${total}: ${tutorial.title}`}
              data-current={index === position || undefined}
            >
              <TutorialSlide
                tutorial={tutorial}
                isPlaying={playingId === tutorial.id}
                onPlay={() => {
                  if (index !== position) goTo(index);
                  setPlayingId(tutorial.id);
                }}
              />
            </div>
          ))}
        </div>
      </div>
      {total > 1 && (
        <Group justify="center" gap="xs" mt="sm" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Previous tutorial"
            disabled={position === 0}
            onClick={() => goTo(position - 1)}
          >
            <IconChevronLeft size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
          <Group gap={2} wrap="nowrap">
            {tutorials.map((tutorial, index) => (
              <UnstyledButton
                key={tutorial.id}
                className={classes.dot}
                aria-label={`Go to tutorial ${index + 1}`}
                aria-current={index === position || undefined}
                onClick={() => goTo(index)}
              >
                <span className={classes.dotMark} />
              </UnstyledButton>
            ))}
          </Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Next tutorial"
            disabled={position === total - 1}
            onClick={() => goTo(position + 1)}
          >
            <IconChevronRight size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </section>
  );
}

interface TutorialSlideProps {
  tutorial: Tutorial;
  isPlaying: boolean;
  onPlay: () => void;
}

function TutorialSlide({ tutorial, isPlaying, onPlay }: TutorialSlideProps) {
  const canPlay = tutorial.showVideo && tutorial.videoUrl !== null;
  return (
    <article className={classes.card}>
      <div className={classes.media}>
        {isPlaying && tutorial.videoUrl ? (
          <video
            className={classes.video}
            src={tutorial.videoUrl}
            poster={tutorial.coverImageUrl ?? undefined}
            controls
            autoPlay
            playsInline
            aria-label={`Video: ${tutorial.title}`}
          />
        ) : (
          <>
            {tutorial.coverImageUrl ? (
              <img className={classes.cover} src={tutorial.coverImageUrl} alt="" loading="lazy" />
            ) : (
              <div className={classes.placeholder}>
                <IconPhoto size={32} stroke={1.6} aria-hidden />
              </div>
            )}
            {canPlay && (
              <UnstyledButton
                className={classes.play}
                aria-label={`Play ${tutorial.title}`}
                onClick={onPlay}
              >
                <IconPlayerPlayFilled size={26} aria-hidden />
              </UnstyledButton>
            )}
          </>
        )}
      </div>
      <div className={classes.body}>
        <Text fw={600} className={classes.title}>
          {tutorial.title}
        </Text>
        <Text size="sm" c="dimmed">
          {tutorial.description}
        </Text>
      </div>
    </article>
  );
}
