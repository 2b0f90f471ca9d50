import type { TimelineStep } from '@atelier/contract';
import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../lib/format.ts';

/** Class names from the CSS module of the screen that shows the timeline. */
export type ItemTimelineClasses = Partial<
  Record<'root' | 'list' | 'step' | 'date' | 'by' | 'detail' | 'link' | 'next', string>
>;

interface ItemTimelineProps {
  /** Oldest first. */
  steps: readonly TimelineStep[];
  /** What comes next, worded for the reader; null when nothing is known. */
  next: string | null;
  /** The list's accessible name. */
  label: string;
  /** Who took a step, worded for the reader; null leaves it out. */
  byText: (by: TimelineStep['by']) => string | null;
  /**
   * `card`: the stylist's quote card, small, who took a step beside its day, under a heading;
   * `page`: the client's pages, the day in a column of its own and who after the title.
   */
  variant: 'card' | 'page';
  classes: ItemTimelineClasses;
  /** Shown after a step's document link, e.g. an "opens elsewhere" icon. */
  linkIcon?: ReactNode;
}

/**
 * An item's dated life, oldest first, each day on the viewer's calendar, and what comes next
 * (decision 0029): the one timeline of the stylist's quote card and the client's hub.
 */
export function ItemTimeline({
  steps,
  next,
  label,
  byText,
  variant,
  classes,
  linkIcon,
}: ItemTimelineProps) {
  if (steps.length === 0 && next === null) return null;
  const isCard = variant === 'card';
  const small = isCard ? 'xs' : 'sm';
  return (
    <div className={classes.root}>
      {steps.length > 0 && (
        <>
          {isCard && (
            <Text size="xs" c="dark.2" tt="uppercase" lts="0.08em" mt="sm" mb={6}>
              {label}
            </Text>
          )}
          <ol className={classes.list} aria-label={label}>
            {steps.map((step, index) => {
              // A record may carry a date the browser cannot read; the step then leaves it out.
              const date = Number.isNaN(new Date(step.at).getTime()) ? null : formatDate(step.at);
              const day = date && <time dateTime={step.at}>{date}</time>;
              const by = byText(step.by);
              return (
                <li key={`${step.kind}-${step.at}-${index}`} className={classes.step}>
                  {isCard ? (
                    (date || by) && (
                      <Text size="xs" c="dimmed">
                        {day}
                        {date && by && ' · '}
                        {by}
                      </Text>
                    )
                  ) : (
                    <Text size="sm" className={classes.date}>
                      {day}
                    </Text>
                  )}
                  <div>
                    <Text size="sm">
                      {step.title}
                      {!isCard && by && <span className={classes.by}> {by}</span>}
                    </Text>
                    {step.details.map((detail, detailIndex) => (
                      <Text
                        key={detailIndex}
                        size={small}
                        c={isCard ? 'dark.1' : undefined}
                        className={classes.detail}
                      >
                        {detail}
                      </Text>
                    ))}
                    {step.link && (
                      <Anchor
                        href={step.link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        size={small}
                        c={isCard ? undefined : 'gold.3'}
                        className={classes.link}
                      >
                        {step.link.label}
                        {linkIcon}
                      </Anchor>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
      {next && (
        <Text
          size={small}
          c={isCard ? 'dark.1' : undefined}
          mt={isCard ? 'xs' : undefined}
          className={classes.next}
        >
          {next}
        </Text>
      )}
    </div>
  );
}
