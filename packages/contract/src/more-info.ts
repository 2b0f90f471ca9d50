import { z } from 'zod';

/* ---------- The back office asks for more information, and the stylist answers (issue 30, 5) ---------- */

/** Photos one answer may add (as many as a new item may have). */
export const MORE_INFO_MAX_IMAGES = 10;
export const MORE_INFO_NOTE_MAX_LENGTH = 2000;

/** The latest request for more information on a quote, and the stylist's answer to it. */
export const MoreInfoSchema = z.object({
  request: z.object({
    /** What is missing, in a few words: "a photo of the date code". */
    missing: z.string(),
    message: z.string(),
    /** ISO 8601 */
    at: z.string(),
  }),
  /** Null while the stylist has not answered. */
  answer: z
    .object({
      note: z.string(),
      /** The photos the answer added (ids among the quote's images). */
      imageIds: z.array(z.number().int()),
      /** ISO 8601 */
      at: z.string(),
    })
    .nullable(),
});
export type MoreInfo = z.infer<typeof MoreInfoSchema>;

const photoId = z
  .number({ error: 'Choose a photo' })
  .int('Choose a photo')
  .positive('Choose a photo')
  .max(2_147_483_647, 'No such photo');

/**
 * POST /api/stylist/quotes/{quoteId}/answer: photos uploaded through the new item form's upload
 * call, and a note; at least one of the two.
 */
export const AnswerMoreInfoBodySchema = z
  .strictObject({
    note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(MORE_INFO_NOTE_MAX_LENGTH, `Keep the note under ${MORE_INFO_NOTE_MAX_LENGTH} characters`)
      .default(''),
    imageIds: z
      .array(photoId, { error: 'imageIds must be a list of photos' })
      .max(MORE_INFO_MAX_IMAGES, `Add at most ${MORE_INFO_MAX_IMAGES} photos`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each photo may be added once')
      .default([]),
  })
  .refine((body) => body.note.length > 0 || body.imageIds.length > 0, {
    message: 'Add a photo or a note',
    path: ['note'],
  });
export type AnswerMoreInfoBody = z.input<typeof AnswerMoreInfoBodySchema>;
