import type { BasicPoint, FromDataOptions, PointGroup } from 'signature_pad';

/**
 * Stands in for signature_pad in tests (jsdom has no canvas): `vi.mock('signature_pad', () =>
 * import('./signature-pad-fake.ts'))`, then `latestPad().scribble()` draws as a finger would.
 */
export default class FakeSignaturePad extends EventTarget {
  isOn = true;
  private groups: PointGroup[] = [];

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly options: Record<string, unknown> = {},
  ) {
    super();
    pads.push(this);
  }

  clear(): void {
    this.groups = [];
  }

  isEmpty(): boolean {
    return this.groups.length === 0;
  }

  on(): void {
    this.isOn = true;
  }

  off(): void {
    this.isOn = false;
  }

  toData(): PointGroup[] {
    return this.groups;
  }

  fromData(groups: PointGroup[], { clear = true }: FromDataOptions = {}): void {
    this.groups = clear ? [...groups] : [...this.groups, ...groups];
  }

  toDataURL(type = 'image/png'): string {
    return `data:${type};base64,${btoa(`strokes:${this.groups.length}`)}`;
  }

  /** One stroke through `points`; a locked pad ignores it, as the real one does. */
  scribble(points: readonly Pick<BasicPoint, 'x' | 'y'>[] = DEFAULT_STROKE): boolean {
    if (!this.isOn) return false;
    this.dispatchEvent(new CustomEvent('beginStroke'));
    this.groups.push({
      points: points.map((point) => ({ ...point, pressure: 0.5, time: 0 })),
      penColor: '#161412',
      dotSize: 0,
      minWidth: 0.5,
      maxWidth: 2.5,
      velocityFilterWeight: 0.7,
      compositeOperation: 'source-over',
    });
    this.dispatchEvent(new CustomEvent('endStroke'));
    return true;
  }
}

const DEFAULT_STROKE = [
  { x: 40, y: 120 },
  { x: 120, y: 80 },
  { x: 220, y: 140 },
];

const pads: FakeSignaturePad[] = [];

/** The pad made last, i.e. the one on screen. */
export function latestPad(): FakeSignaturePad {
  const pad = pads.at(-1);
  if (!pad) throw new Error('No signature pad was made');
  return pad;
}
