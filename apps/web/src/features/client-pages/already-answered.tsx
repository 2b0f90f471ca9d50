import {
  CLIENT_PAGE_TEXT,
  type AcceptedOfferType,
  type ClientResponse,
  type RefusedAnswer,
} from '@atelier/contract';
import { Alert, Text } from '@mantine/core';
import type { Ref } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import { acceptedOfferText } from './answered-list.tsx';
import classes from './client-page.module.css';

/** Yes or No, as the Curated For page words a response (a consignment comes from the approval page). */
export function curatedAnswerText(response: AcceptedOfferType): string {
  if (response === 'consignment') return acceptedOfferText(response);
  return response === 'rejected' ? CLIENT_PAGE_TEXT.no : CLIENT_PAGE_TEXT.yes;
}

interface AlreadyAnsweredProps {
  refused: readonly RefusedAnswer[];
  /** The answers this page sent, which were not recorded. */
  tried: Readonly<Record<number, ClientResponse>>;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * A confirm refused with 409 (the quotes were answered first, e.g. on another device): what was
 * recorded before and when, and that the answers given here were not.
 */
export function AlreadyAnswered({ refused, tried, headingRef }: AlreadyAnsweredProps) {
  return (
    <Alert color="yellow" variant="light" radius="md" className={classes.answered}>
      <h2 ref={headingRef} tabIndex={-1} className={classes.alertTitle}>
        {CLIENT_PAGE_TEXT.alreadyAnsweredTitle}
      </h2>
      <Text size="sm">{CLIENT_PAGE_TEXT.alreadyAnsweredHelp}</Text>
      <ul className={classes.refusedList}>
        {refused.map((quote) => {
          const attempt = tried[quote.id];
          return (
            <li key={quote.id}>
              <Text fw={600}>
                {quote.brand} {quote.name}
              </Text>
              {quote.answer && (
                <Text size="sm">
                  {CLIENT_PAGE_TEXT.answeredBefore(
                    curatedAnswerText(quote.answer.response),
                    formatDateTime(quote.answer.answeredAt),
                  )}
                </Text>
              )}
              {attempt && (
                <Text size="sm">{CLIENT_PAGE_TEXT.notRecorded(curatedAnswerText(attempt))}</Text>
              )}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}
