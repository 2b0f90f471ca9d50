import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ZodError } from 'zod';
import type { App } from '../app.ts';
import { marketingBoxes, tutorials } from '../db/schema.ts';
import { buildTestApp, TEST_ORIGIN } from '../test/test-app.ts';
import { runAdminCommand, USAGE } from './admin-commands.ts';
import { ContentUsageError } from './content-commands.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const run = (argv: string[]) =>
  runAdminCommand(argv, { db: app.database.db, auth: app.auth, publicUrl: TEST_ORIGIN });
const storedTutorials = () => app.database.db.select().from(tutorials).orderBy(asc(tutorials.id));
const storedBoxes = () => app.database.db.select().from(marketingBoxes);

test('the usage lists the content commands', () => {
  expect(USAGE).toContain('tutorial-add');
  expect(USAGE).toContain('marketing-box');
});

test('tutorial-add stores a tutorial with its video', async () => {
  const output = await run([
    'tutorial-add',
    '--title',
    'Welcome to Atelier',
    '--description',
    'A tour of the dashboard.',
    '--category',
    'Welcome',
    '--order',
    '2',
    '--video',
    '/files/seed/tutorial-welcome-tour.webm',
    '--show-video',
  ]);
  expect(output).toMatch(
    /^Created tutorial #\d+ "Welcome to Atelier" in Welcome at 2; plays \/files\/seed\/tutorial-welcome-tour\.webm\.$/,
  );
  expect(await storedTutorials()).toMatchObject([
    {
      title: 'Welcome to Atelier',
      category: 'Welcome',
      order: 2,
      videoUrl: '/files/seed/tutorial-welcome-tour.webm',
      coverImageUrl: null,
      showVideo: true,
    },
  ]);
});

test('tutorial-add refuses bad input before writing', async () => {
  const before = await storedTutorials();
  const base = ['tutorial-add', '--title', 'T', '--description', 'D'];
  await expect(run(base)).rejects.toThrow(ZodError);
  await expect(run([...base, '--category', 'Quotes', '--show-video'])).rejects.toThrow(
    /needs a video URL/,
  );
  await expect(
    run([...base, '--category', 'Quotes', '--cover', 'javascript:alert(1)']),
  ).rejects.toThrow(/http\(s\) URL/);
  await expect(run([...base, '--category', 'Quotes', '--order', 'first'])).rejects.toThrow(
    ZodError,
  );
  expect(await storedTutorials()).toEqual(before);
});

test('marketing-box sets the box, then changes only what is given', async () => {
  expect(await run(['marketing-box'])).toBe('No marketing box is set.');
  await expect(run(['marketing-box', '--enable', '--title', 'Half a box'])).rejects.toThrow(
    ZodError,
  );
  expect(await storedBoxes()).toEqual([]);

  const created = await run([
    'marketing-box',
    '--enable',
    '--title',
    'Holiday bonus',
    '--link',
    'https://example.com/holiday',
    '--image',
    '/files/seed/marketing-holiday.jpg',
  ]);
  expect(created).toBe(
    'Marketing box enabled: "Holiday bonus" → https://example.com/holiday (image /files/seed/marketing-holiday.jpg).',
  );
  expect(await run(['marketing-box', '--disable'])).toMatch(
    /^Marketing box disabled: "Holiday bonus"/,
  );
  expect(await storedBoxes()).toMatchObject([
    {
      isEnabled: false,
      title: 'Holiday bonus',
      linkUrl: 'https://example.com/holiday',
      imageUrl: '/files/seed/marketing-holiday.jpg',
    },
  ]);
  expect(await run(['marketing-box'])).toMatch(/^Marketing box disabled/);
});

test('marketing-box refuses --enable with --disable, and a bad link, writing nothing', async () => {
  const before = await storedBoxes();
  await expect(run(['marketing-box', '--enable', '--disable'])).rejects.toThrow(ContentUsageError);
  await expect(run(['marketing-box', '--link', 'ftp://example.com'])).rejects.toThrow(ZodError);
  expect(await storedBoxes()).toEqual(before);
});
