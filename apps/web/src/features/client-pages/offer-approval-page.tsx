import {
  CLIENT_PAGE_TEXT,
  offerTypesOf,
  type ClientAnswer,
  type ClientQuote,
  type OfferApprovalDocument,
  type QuoteView,
} from '@atelier/contract';
import { Alert, Text } from '@mantine/core';
import { useState } from 'react';
import { OfferAnswersForm, showResponsesFailed } from '../quotes/index.ts';
import { acceptedOfferText, AnsweredList } from './answered-list.tsx';
import { ClientPageLoader } from './client-page-frame.tsx';
import {
  useApproveOffers,
  useClientPageToken,
  useOfferApprovalDocument,
} from './client-page-queries.ts';
import classes from './client-page.module.css';

/** A client quote in the shape the offer form reads (the stylist's modal uses the same form). */
export function toOfferView(quote: ClientQuote): QuoteView {
  const offers = {
    consignment: quote.offers.consignment,
    buyout: quote.offers.buyout,
    buyback: null,
    acceptedOfferType: quote.acceptedOfferType,
  };
  return {
    id: quote.id,
    name: quote.name,
    description: null,
    brand: quote.brand,
    category: quote.category,
    images: quote.imageUrl
      ? [{ id: null, url: quote.imageUrl, thumbnailUrl: quote.thumbnailUrl ?? quote.imageUrl }]
      : [],
    imageUrl: quote.thumbnailUrl ?? quote.imageUrl,
    createdAt: quote.createdAt,
    status: quote.status,
    pickupType: quote.pickupType,
    authenticationStatus: null,
    hasPurchaseOffer: true,
    isApproved: true,
    barCode: null,
    offers,
    offerTypes: offerTypesOf(offers),
    commenter: null,
    commentToCustomer: quote.commentToCustomer,
    shipment: null,
    statusHistory: [],
    timeline: { steps: [], next: null },
    offersExpireAt: null,
    offersViewed: null,
    clientMessages: [],
    moreInfo: null,
    adminUrl: null,
  };
}

function describeOfferAnswer(answer: ClientAnswer): string {
  return acceptedOfferText(answer.response);
}

/** "Approve White Glove Offers" (§2 `/quotes/:id`): consign, buyout or decline each offer (§4). */
export function OfferApprovalPage() {
  const token = useClientPageToken();
  const query = useOfferApprovalDocument(token);
  return (
    <ClientPageLoader
      title={CLIENT_PAGE_TEXT.offerApprovalHeading}
      token={token}
      query={query}
      hasHubLink
    >
      {(document, linkToken) => <OfferApproval token={linkToken} document={document} />}
    </ClientPageLoader>
  );
}

function OfferApproval({ token, document }: { token: string; document: OfferApprovalDocument }) {
  const approve = useApproveOffers(token);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const quotes = document.data.map(toOfferView);

  return (
    <>
      {isSubmitted && (
        <Alert color="green" variant="light" radius="md" role="status" className={classes.answered}>
          {CLIENT_PAGE_TEXT.responsesSubmitted}
        </Alert>
      )}
      {quotes.length > 0 ? (
        <div className={classes.answered}>
          <OfferAnswersForm
            quotes={quotes}
            isSubmitting={approve.isPending}
            onSubmitAnswers={(items, clearAnswers) =>
              approve.mutate(items, {
                onSuccess: () => {
                  clearAnswers();
                  setIsSubmitted(true);
                },
                onError: showResponsesFailed,
              })
            }
          />
        </div>
      ) : (
        !isSubmitted && (
          <Text size="lg" className={classes.message}>
            {CLIENT_PAGE_TEXT.noOffersToApprove(document.meta.client.firstName)}
          </Text>
        )
      )}
      <AnsweredList quotes={document.meta.answered} describe={describeOfferAnswer} />
    </>
  );
}
