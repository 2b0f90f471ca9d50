import { parseArgs } from 'node:util';
import { MarketingBoxBodySchema, TutorialBodySchema } from '@atelier/contract';
import type { AdminBackend } from './admin-backend.ts';

export const CONTENT_USAGE = `  tutorial-add   --title <text> --description <text> --category <name> [--order <n>]
                 [--video <url>] [--cover <url>] [--show-video]
  marketing-box  [--enable | --disable] [--title <text>] [--link <url>] [--image <url>]
                 sets the dashboard's marketing box; without options prints it
`;

/** Thrown for a command line that cannot be run; admin-commands wraps it in its usage. */
export class ContentUsageError extends Error {
  override name = 'ContentUsageError';
}

const tutorialOptions = {
  title: { type: 'string' },
  description: { type: 'string' },
  category: { type: 'string' },
  order: { type: 'string' },
  video: { type: 'string' },
  cover: { type: 'string' },
  'show-video': { type: 'boolean' },
} as const;

export async function addTutorial(args: string[], backend: AdminBackend): Promise<string> {
  const { values } = parseArgs({ args, options: tutorialOptions, strict: true });
  const body = TutorialBodySchema.parse({
    title: values.title,
    description: values.description,
    category: values.category,
    ...(values.order !== undefined && { order: Number(values.order) }),
    ...(values.video !== undefined && { videoUrl: values.video }),
    ...(values.cover !== undefined && { coverImageUrl: values.cover }),
    showVideo: values['show-video'] ?? false,
  });
  const { data } = await backend.createTutorial(body);
  const video = data.showVideo ? `; plays ${data.videoUrl}` : '';
  return `Created tutorial #${data.id} "${data.title}" in ${data.category} at ${data.order}${video}.`;
}

const marketingOptions = {
  enable: { type: 'boolean' },
  disable: { type: 'boolean' },
  title: { type: 'string' },
  link: { type: 'string' },
  image: { type: 'string' },
} as const;

function describeBox(box: {
  isEnabled: boolean;
  title: string;
  linkUrl: string;
  imageUrl: string;
}) {
  const state = box.isEnabled ? 'enabled' : 'disabled';
  return `Marketing box ${state}: "${box.title}" → ${box.linkUrl} (image ${box.imageUrl}).`;
}

/** Changes only what is given; the rest keeps its stored value (a first box needs all of it). */
export async function setMarketingBox(args: string[], backend: AdminBackend): Promise<string> {
  const { values } = parseArgs({ args, options: marketingOptions, strict: true });
  if (values.enable && values.disable) {
    throw new ContentUsageError('Give --enable or --disable, not both.');
  }
  const current = await backend.getMarketingBox();
  const hasChange = Object.values(values).some((value) => value !== undefined);
  if (!hasChange) return current ? describeBox(current) : 'No marketing box is set.';
  const body = MarketingBoxBodySchema.parse({
    isEnabled: values.enable ? true : values.disable ? false : (current?.isEnabled ?? false),
    title: values.title ?? current?.title,
    linkUrl: values.link ?? current?.linkUrl,
    imageUrl: values.image ?? current?.imageUrl,
  });
  return describeBox((await backend.putMarketingBox(body)).data);
}
