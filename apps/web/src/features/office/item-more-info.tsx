import type { QuoteAttributes } from '@atelier/contract';
import { Anchor, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../lib/format.ts';
import classes from './item-page.module.css';

/** The office's last request for more information and the stylist's answer: note and new photos. */
export function ItemMoreInfo({ quote }: { quote: QuoteAttributes }) {
  const moreInfo = quote.moreInfo;
  if (!moreInfo) return null;
  const { request, answer } = moreInfo;
  const answerPhotos = answer
    ? quote.images.filter((image) => answer.imageIds.includes(image.id))
    : [];
  return (
    <section className={classes.panel} aria-label="More information">
      <Title order={2} fz="md" mb="sm">
        More information
      </Title>
      <Text size="sm">
        Asked {formatDateTime(request.at)}: {request.missing}
      </Text>
      <Text size="sm" c="dark.1" style={{ whiteSpace: 'pre-line' }}>
        {request.message}
      </Text>
      {answer ? (
        <div className={classes.answer}>
          <Text size="sm" fw={600}>
            The stylist answered {formatDateTime(answer.at)}
          </Text>
          {answer.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {answer.note}
            </Text>
          )}
          {answerPhotos.length > 0 && (
            <ul className={classes.answerPhotos} aria-label="Photos of the answer">
              {answerPhotos.map((image, index) => (
                <li key={image.id}>
                  <Anchor href={image.url} target="_blank" rel="noopener noreferrer">
                    <img
                      src={image.thumbnailUrl}
                      alt={`Answer photo ${index + 1}`}
                      className={classes.answerPhoto}
                      width={96}
                      height={96}
                    />
                  </Anchor>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <Text size="sm" c="dark.1" mt="xs">
          Not answered yet.
        </Text>
      )}
    </section>
  );
}
