import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { IconExternalLink } from '@tabler/icons-react';
import { LoadError } from '../../components/load-error.tsx';
import { TutorialsCarousel } from '../../components/tutorials-carousel.tsx';
import { useTutorials } from '../tutorials/index.ts';
import classes from './account-rows.module.css';
import { useSiteLinks } from './account-site-queries.ts';
import { ExpandableRow } from './expandable-row.tsx';

/** The "Stylist Account" help row (§2): the FAQ on the help site, and the tutorials. */
export function HelpSection() {
  return (
    <ExpandableRow label="Help">
      <Stack gap="lg" className={classes.panel}>
        <FaqLink />
        <Tutorials />
      </Stack>
    </ExpandableRow>
  );
}

function FaqLink() {
  const siteLinks = useSiteLinks();
  const helpUrl = siteLinks.data?.helpUrl;
  if (siteLinks.isPending)
    return <Loader size="xs" color="gold" role="status" aria-label="Loading help" />;
  if (!helpUrl) {
    return (
      <Text size="sm" c="dimmed">
        FAQ: not available, no help site is connected.
      </Text>
    );
  }
  return (
    <Anchor
      href={helpUrl}
      target="_blank"
      rel="noopener noreferrer"
      c="gold.4"
      className={classes.faq}
    >
      FAQ
      <IconExternalLink size={16} stroke={1.6} aria-hidden />
    </Anchor>
  );
}

function Tutorials() {
  const tutorials = useTutorials();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId}>
      <Title id={headingId} order={3} fz={18} lts="0.04em" mb="xs">
        Tutorials
      </Title>
      {tutorials.isPending ? (
        <Loader size="sm" color="gold" role="status" aria-label="Loading tutorials" />
      ) : tutorials.isError ? (
        <LoadError
          title="The tutorials could not be loaded"
          message={tutorials.error.message}
          isRetrying={tutorials.isFetching}
          onRetry={() => void tutorials.refetch()}
        />
      ) : (
        <TutorialsCarousel
          tutorials={tutorials.data.data}
          categories={tutorials.data.meta.categories}
        />
      )}
    </section>
  );
}
