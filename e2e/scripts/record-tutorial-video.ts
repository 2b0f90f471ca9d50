/**
 * Records the seeded Welcome tutorial's clip (docs/decisions/0010): Chromium draws 3 seconds of
 * animation on a 320×180 canvas and MediaRecorder encodes it as WebM, so the clip is one that
 * Chromium plays. Run: `npx tsx e2e/scripts/record-tutorial-video.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';

const OUT = path.join(import.meta.dirname, '../../apps/server/src/db/seed/media/welcome-tour.webm');

const browser = await chromium.launch(chromiumLaunch);
const page = await browser.newPage();
await page.setContent('<canvas width="320" height="180"></canvas>');
// A string, not a function: the TypeScript loader's helpers do not exist in the page.
const RECORD = `(async () => {
  const canvas = document.querySelector('canvas');
  const context = canvas.getContext('2d');
  const seconds = 3;
  const started = performance.now();
  const draw = () => {
    const t = Math.min((performance.now() - started) / 1000, seconds);
    context.fillStyle = '#161412';
    context.fillRect(0, 0, 320, 180);
    context.strokeStyle = '#c9a54e';
    context.lineWidth = 2;
    context.strokeRect(12, 12, 296, 156);
    context.fillStyle = '#ede7db';
    context.font = '500 26px Georgia, serif';
    context.textAlign = 'center';
    context.fillText('Welcome to Atelier', 160, 84);
    context.fillStyle = '#aaa293';
    context.font = '13px sans-serif';
    context.fillText('A tour of your dashboard', 160, 108);
    context.fillStyle = '#c9a54e';
    context.fillRect(40, 132, 240 * (t / seconds), 4);
    context.beginPath();
    context.arc(40 + 240 * (t / seconds), 134, 6, 0, Math.PI * 2);
    context.fill();
  };
  draw();
  const recorder = new MediaRecorder(canvas.captureStream(30), {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 250_000,
  });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  await new Promise((resolve) => {
    const frame = () => {
      draw();
      if (performance.now() - started < seconds * 1000) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
})()`;
const base64 = await page.evaluate<string>(RECORD);
await browser.close();
fs.writeFileSync(OUT, Buffer.from(base64, 'base64'));
console.log(`${OUT}: ${fs.statSync(OUT).size} bytes`);
