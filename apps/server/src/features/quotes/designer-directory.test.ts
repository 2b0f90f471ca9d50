import {
  DesignerDirectoryDocumentSchema,
  ErrorBodySchema,
  toDesignerList,
} from '@atelier/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { designers } from '../../db/schema.ts';
import { buildQuoteWorld, type QuoteWorld } from './testing.ts';

let world: QuoteWorld;

beforeAll(async () => {
  world = await buildQuoteWorld();
});
afterAll(() => world.app.close());

const DIRECTORY = '/api/v2/designer-directory';

test('maps each designer id to its name and categories', async () => {
  const [bare] = await world.db
    .insert(designers)
    .values({ name: 'Atelier Sans Categories' })
    .returning({ id: designers.id });
  const response = await world.call(world.tokens.stylist, 'GET', DIRECTORY);
  expect(response.statusCode).toBe(200);
  const document = DesignerDirectoryDocumentSchema.parse(response.json());
  const [first, second] = world.designer.categories;
  expect(document.data[world.designer.id]).toEqual({
    name: world.designer.name,
    categories: { [first!.id]: first!.name, [second!.id]: second!.name },
  });
  expect(document.data[bare!.id]).toEqual({ name: 'Atelier Sans Categories', categories: {} });
  expect(toDesignerList(document).map((designer) => designer.id)).toContain(world.designer.id);
});

test('only a signed-in stylist may read the directory', async () => {
  const anonymous = await world.call(null, 'GET', DIRECTORY);
  expect(anonymous.statusCode).toBe(401);
  expect(ErrorBodySchema.parse(anonymous.json()).code).toBe('UNAUTHORIZED');
  const admin = await world.call(world.tokens.admin, 'GET', DIRECTORY);
  expect(admin.statusCode).toBe(403);
  expect(ErrorBodySchema.parse(admin.json()).code).toBe('FORBIDDEN');
});
