import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createSignatureCanvas } from './signature-canvas.ts';
import { latestPad } from './signature-pad-fake.ts';

vi.mock('signature_pad', () => import('./signature-pad-fake.ts'));

const originalRatio = window.devicePixelRatio;
let scale: ReturnType<typeof vi.fn>;

beforeEach(() => {
  scale = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ scale }) as unknown as CanvasRenderingContext2D,
  );
});

afterEach(() => {
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: originalRatio });
});

/** jsdom lays nothing out: the canvas's CSS size is what the test says it is. */
function sizedCanvas(width: number, height: number) {
  const canvas = document.createElement('canvas');
  const size = { width, height };
  Object.defineProperty(canvas, 'offsetWidth', { get: () => size.width });
  Object.defineProperty(canvas, 'offsetHeight', { get: () => size.height });
  return { canvas, size };
}

function setPixelRatio(ratio: number) {
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: ratio });
}

const xs = (groups: { points: { x: number }[] }[]) =>
  groups.flatMap((group) => group.points.map((point) => point.x));

describe('signature canvas', () => {
  test('the drawing buffer takes the screen pixel ratio, drawn in CSS pixels', () => {
    setPixelRatio(2);
    const { canvas } = sizedCanvas(550, 300);
    const pad = createSignatureCanvas(canvas, { penColor: '#000', onBegin: () => {} });

    pad.fit();

    expect([canvas.width, canvas.height]).toEqual([1100, 600]);
    expect(scale).toHaveBeenCalledWith(2, 2);
  });

  test('a narrower canvas keeps the strokes, scaled to the new width, instead of clearing them', () => {
    setPixelRatio(1);
    const { canvas, size } = sizedCanvas(550, 300);
    const onBegin = vi.fn();
    const pad = createSignatureCanvas(canvas, { penColor: '#000', onBegin });
    pad.fit();
    latestPad().scribble([
      { x: 100, y: 50 },
      { x: 300, y: 150 },
    ]);
    expect(onBegin).toHaveBeenCalledOnce();

    Object.assign(size, { width: 275, height: 150 });
    pad.fit();

    expect(pad.isEmpty()).toBe(false);
    expect(xs(pad.strokes().groups)).toEqual([50, 150]);
    expect(pad.strokes().width).toBe(275);
    expect([canvas.width, canvas.height]).toEqual([275, 150]);
  });

  test('a signature saved at one width loads scaled to another', () => {
    setPixelRatio(1);
    const wide = sizedCanvas(550, 300);
    const first = createSignatureCanvas(wide.canvas, { penColor: '#000', onBegin: () => {} });
    first.fit();
    latestPad().scribble([{ x: 440, y: 100 }]);
    const saved = first.strokes();

    const narrow = sizedCanvas(330, 180);
    const second = createSignatureCanvas(narrow.canvas, { penColor: '#000', onBegin: () => {} });
    second.fit();
    second.load(saved);

    expect(xs(second.strokes().groups)).toEqual([264]);
  });

  test('a hidden canvas is left alone until it has a size', () => {
    const { canvas, size } = sizedCanvas(0, 0);
    const pad = createSignatureCanvas(canvas, { penColor: '#000', onBegin: () => {} });

    pad.fit();
    expect(scale).not.toHaveBeenCalled();

    Object.assign(size, { width: 550, height: 300 });
    pad.fit();
    expect(scale).toHaveBeenCalledOnce();
  });

  test('lock and unlock turn the pad off and on; the PNG comes from the pad', () => {
    const { canvas } = sizedCanvas(550, 300);
    const pad = createSignatureCanvas(canvas, { penColor: '#000', onBegin: () => {} });

    pad.lock();
    expect(latestPad().scribble()).toBe(false);
    pad.unlock();
    expect(latestPad().scribble()).toBe(true);
    expect(pad.toPng()).toMatch(/^data:image\/png;base64,/);
  });
});
