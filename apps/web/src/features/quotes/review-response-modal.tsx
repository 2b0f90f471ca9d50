import type { QuoteView } from '@atelier/contract';
import { Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_MEDIA_QUERY } from '../../app/theme.ts';
import classes from './add-item-modal.module.css';
import { ReviewResponseForm, useIsRecordingResponses } from './review-response-form.tsx';

/** The modal's first line: it records answers given; sending the offers is Share's job. */
export const REVIEW_RESPONSE_INTRO =
  'Record the answers your client gave to these offers. To send the offers to your client, close this and use Share.';

interface ReviewResponseModalProps {
  clientId: number;
  quotes: readonly QuoteView[];
  opened: boolean;
  onClose: () => void;
  onSubmitted: () => void;
}

/** The client quotes page's reviewResponse modal (§2): the client's answers to the selected quotes. */
export function ReviewResponseModal({
  clientId,
  quotes,
  opened,
  onClose,
  onSubmitted,
}: ReviewResponseModalProps) {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const isSubmitting = useIsRecordingResponses(clientId);

  function close() {
    // The answers are on their way: the outcome must still be reported, so the modal stays.
    if (!isSubmitting) onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Review Response & Offers"
      size="lg"
      fullScreen={isMobile}
      radius={isMobile ? 0 : 'md'}
      overlayProps={{ backgroundOpacity: 0.7, blur: 2 }}
      closeButtonProps={{ disabled: isSubmitting }}
      classNames={{ title: classes.title }}
    >
      <Text size="sm" c="dimmed" mb="md">
        {REVIEW_RESPONSE_INTRO}
      </Text>
      <ReviewResponseForm
        clientId={clientId}
        quotes={quotes}
        onClose={close}
        onSubmitted={() => {
          onSubmitted();
          onClose();
        }}
      />
    </Modal>
  );
}
