// What other features may use of the quotes (docs/decisions/0032).
export { OfferAnswersForm, showResponsesFailed } from './review-response-form.tsx';
