import { PICKUP_TEXT } from '@atelier/contract';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { IconCheck } from '@tabler/icons-react';
import { useDisplayText } from '../content/index.ts';
import classes from './pickup.module.css';

/** §2 completion panel after a pickup: "YOU'RE ALL SET.", the back office's message and Done. */
export function CompletionPanel({ onDone }: { onDone: () => void }) {
  const message = useDisplayText('whiteGlove.success');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The pickup form is gone: focus moves to what replaced it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section aria-labelledby="pickup-complete-title" className={classes.completion}>
      <Stack gap="md" align="center">
        <span className={classes.completionMark} aria-hidden="true">
          <IconCheck size={26} stroke={1.8} aria-hidden />
        </span>
        <Title
          ref={headingRef}
          id="pickup-complete-title"
          order={1}
          tabIndex={-1}
          className={classes.completionTitle}
        >
          {PICKUP_TEXT.completionHeading}
        </Title>
        <Text c="dark.1" maw={420}>
          {message}
        </Text>
        <Button size="md" miw={180} mt="sm" onClick={onDone}>
          Done
        </Button>
      </Stack>
    </section>
  );
}
