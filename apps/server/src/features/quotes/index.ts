// What other features may use of the quotes (docs/decisions/0032).
export {
  answerStatus,
  expiredOfferRefusal,
  loadStoredOffers,
  offerRefusal,
  type StoredOffer,
} from './quote-answers.ts';
export { quoteTitle, selectQuotePeople } from './quote-people.ts';
export { loadQuoteResources, type QuoteLinkDeps } from './quote-resource.ts';
export { applyTransition, type QuoteActorRef } from './quote-transitions.ts';
