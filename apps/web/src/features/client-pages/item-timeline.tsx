import { HUB_TEXT, type ItemTimeline as Timeline, type TimelineStep } from '@atelier/contract';
import { Anchor, Text } from '@mantine/core';
import { formatDate } from '../../lib/format.ts';
import classes from './client-page.module.css';

/** Who took a step, as the client reads it; null for a step nobody in particular took. */
function stepByText(by: TimelineStep['by'], stylistFirstName: string): string | null {
  if (by === 'client') return HUB_TEXT.stepBy.client();
  if (by === 'stylist') return HUB_TEXT.stepBy.stylist(stylistFirstName);
  if (by === 'admin') return HUB_TEXT.stepBy.admin();
  return null;
}

interface ItemTimelineProps {
  timeline: Timeline;
  /** The item as the list's name says it: "Hermès Birkin 30". */
  itemTitle: string;
  stylistFirstName: string;
}

/** An item's dated life, oldest first, each day on the viewer's calendar, and what comes next. */
export function ItemTimeline({ timeline, itemTitle, stylistFirstName }: ItemTimelineProps) {
  const { steps, next } = timeline;
  if (steps.length === 0 && next === null) return null;
  return (
    <div className={classes.timelineBox}>
      {steps.length > 0 && (
        <ol className={classes.timeline} aria-label={HUB_TEXT.timelineLabel(itemTitle)}>
          {steps.map((step, index) => {
            const by = stepByText(step.by, stylistFirstName);
            return (
              <li key={`${step.kind}-${step.at}-${index}`} className={classes.timelineStep}>
                <Text size="sm" className={classes.timelineDate}>
                  <time dateTime={step.at}>{formatDate(step.at)}</time>
                </Text>
                <div>
                  <Text size="sm">
                    {step.title}
                    {by && <span className={classes.timelineBy}> {by}</span>}
                  </Text>
                  {step.details.map((detail) => (
                    <Text key={detail} size="sm" className={classes.timelineDetail}>
                      {detail}
                    </Text>
                  ))}
                  {step.link && (
                    <Anchor
                      href={step.link.url}
                      target="_blank"
                      rel="noreferrer"
                      size="sm"
                      c="gold.3"
                    >
                      {step.link.label}
                    </Anchor>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {next && (
        <Text size="sm" className={classes.nextStep}>
          {HUB_TEXT.nextStep(next.title, next.estimate, formatDate(next.by))}
        </Text>
      )}
    </div>
  );
}
