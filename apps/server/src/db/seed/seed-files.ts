import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../../integrations/storage/storage.ts';
import { serverRoot } from '../../lib/server-root.ts';
import { TUTORIALS } from './content.ts';
import type { DemoPlan } from './demo-plan.ts';
import { coverSvg, holidaySvg, portraitSvg, signatureSvg } from './illustrations.ts';
import { renderJpeg, renderPng, type RenderedImage } from './images.ts';
import { productSvg, type ProductPicture } from './product-art.ts';

export interface StoredImage {
  storageKey: string;
  thumbnailKey: string;
  width: number;
  height: number;
  bytes: number;
}

export interface SeedFiles {
  stylistPhotoUrl: string;
  /** By client email. */
  clientPhotoUrls: Map<string, string>;
  /** By quote number, in position order. */
  quoteImages: Map<number, StoredImage[]>;
  /** By product id. */
  productThumbnailUrls: Map<string, string>;
  /** By quote number, for concierge pickups. */
  signatureKeys: Map<number, string>;
  tutorialCoverUrls: string[];
  /** By tutorial index; null for a tutorial without a video. */
  tutorialVideoUrls: (string | null)[];
  marketingImageUrl: string;
}

const JPEG = 'image/jpeg';
const MEDIA_DIR = path.join(serverRoot, 'src/db/seed/media');
const PRODUCT_SIZE = 600;
const THUMBNAIL_SIZE = 200;

/**
 * Renders every picture the seed needs and stores it. Keys are stable, so a seed that failed later
 * and runs again overwrites the same files instead of leaving strays. Identical pictures are
 * rendered once and stored under each key that uses them.
 */
export async function storeSeedFiles(storage: FileStorage, plan: DemoPlan): Promise<SeedFiles> {
  const renders = new Map<string, Promise<RenderedImage>>();
  const renderOnce = (id: string, render: () => Promise<RenderedImage>) => {
    let rendered = renders.get(id);
    if (!rendered) {
      rendered = render();
      renders.set(id, rendered);
    }
    return rendered;
  };
  const store = async (key: string, image: Promise<RenderedImage>) => {
    const { body } = await image;
    await storage.put(key, body, JPEG);
    return image;
  };
  const pictureId = (p: ProductPicture) => `${p.shape}:${p.colorway}:${p.view}`;
  const product = (p: ProductPicture) =>
    renderOnce(`full:${pictureId(p)}`, () => renderJpeg(productSvg(p), PRODUCT_SIZE, PRODUCT_SIZE));
  const thumbnail = (p: ProductPicture) =>
    renderOnce(`thumb:${pictureId(p)}`, () =>
      renderJpeg(productSvg(p), THUMBNAIL_SIZE, THUMBNAIL_SIZE, PRODUCT_SIZE),
    );

  const quotes = [...plan.demo.quotes, ...plan.other.quotes];
  const quoteImages = Promise.all(
    quotes.map(async (quote) => {
      const stored = await Promise.all(
        quote.pictures.map(async (picture, index): Promise<StoredImage> => {
          const storageKey = `seed/quote-${quote.number}-${index + 1}.jpg`;
          const thumbnailKey = `seed/quote-${quote.number}-${index + 1}-thumb.jpg`;
          const [full] = await Promise.all([
            store(storageKey, product(picture)),
            store(thumbnailKey, thumbnail(picture)),
          ]);
          return {
            storageKey,
            thumbnailKey,
            width: full.width,
            height: full.height,
            bytes: full.body.length,
          };
        }),
      );
      return [quote.number, stored] as const;
    }),
  );

  const commissions = [...plan.demo.commissions, ...plan.other.commissions];
  const productThumbnails = Promise.all(
    commissions.flatMap(({ productId, picture }) => {
      if (!picture) return [];
      const key = `seed/product-${productId.toLowerCase()}.jpg`;
      return [store(key, thumbnail(picture)).then(() => [productId, storage.pathOf(key)] as const)];
    }),
  );

  const clients = [...plan.demo.clients, ...plan.other.clients];
  const clientPhotos = Promise.all(
    clients.flatMap((client, index) => {
      if (!client.portrait) return [];
      const key = `seed/client-${index + 1}.jpg`;
      const image = renderJpeg(portraitSvg(client.portrait), THUMBNAIL_SIZE, THUMBNAIL_SIZE, 400);
      return [store(key, image).then(() => [client.email, storage.pathOf(key)] as const)];
    }),
  );

  const signatures = Promise.all(
    quotes.flatMap((quote) => {
      if (quote.shipment?.kind !== 'pickup') return [];
      const key = `seed/signature-${quote.number}.png`;
      // The bar code's digits shape the loops, so every client signs a little differently.
      const loops = [...quote.barCode.slice(2)].map((digit) => 15 + Number(digit) * 6);
      return [
        renderPng(signatureSvg(loops))
          .then((body) => storage.put(key, body, 'image/png'))
          .then(() => [quote.number, key] as const),
      ];
    }),
  );

  const stylistKey = 'seed/stylist-demo.jpg';
  const stylistPhoto = store(stylistKey, renderJpeg(portraitSvg(plan.stylistPortrait), 400, 400));
  const covers = Promise.all(
    TUTORIALS.map(async (tutorial, index) => {
      const key = `seed/tutorial-${index + 1}.jpg`;
      await store(key, renderJpeg(coverSvg(tutorial.motif, tutorial.colorway), 800, 450));
      return storage.pathOf(key);
    }),
  );
  const videos = Promise.all(
    TUTORIALS.map(async (tutorial) => {
      if (!tutorial.video) return null;
      const key = `seed/tutorial-${path.basename(tutorial.video)}`;
      await storage.put(key, await fs.readFile(path.join(MEDIA_DIR, tutorial.video)), 'video/webm');
      return storage.pathOf(key);
    }),
  );
  const marketingKey = 'seed/marketing-holiday.jpg';
  const marketing = store(marketingKey, renderJpeg(holidaySvg(), 800, 450));

  const [images, thumbnails, photos, signatureList, tutorialCoverUrls, tutorialVideoUrls] =
    await Promise.all([
      quoteImages,
      productThumbnails,
      clientPhotos,
      signatures,
      covers,
      videos,
      stylistPhoto,
      marketing,
    ]);
  const quoteThumbnailUrls = new Map(
    images.map(([number, stored]) => [number, storage.pathOf(stored[0]!.thumbnailKey)]),
  );
  const productThumbnailUrls = new Map(thumbnails);
  // A sold quote's commission shows the quote's own first picture.
  for (const { productId, quoteNumber } of commissions) {
    if (quoteNumber !== null)
      productThumbnailUrls.set(productId, quoteThumbnailUrls.get(quoteNumber)!);
  }
  return {
    stylistPhotoUrl: storage.pathOf(stylistKey),
    clientPhotoUrls: new Map(photos),
    quoteImages: new Map(images),
    productThumbnailUrls,
    signatureKeys: new Map(signatureList),
    tutorialCoverUrls,
    tutorialVideoUrls,
    marketingImageUrl: storage.pathOf(marketingKey),
  };
}
