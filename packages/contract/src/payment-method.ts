import { z } from 'zod';

/** How a stylist is paid (the database's `payment_method`). */
export const PAYMENT_METHODS = ['check', 'paypal'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
/** How a payment method reads inside a sentence: "by check", "by PayPal". */
export const PAYMENT_METHOD_WORDS: Readonly<Record<PaymentMethod, string>> = {
  check: 'check',
  paypal: 'PayPal',
};
