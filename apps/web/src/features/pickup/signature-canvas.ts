import SignaturePad, { type PointGroup } from 'signature_pad';

/** The strokes of a signature, in CSS pixels of the canvas they were drawn on. */
export interface SignatureStrokes {
  groups: PointGroup[];
  /** The canvas's CSS width when drawn, so a redraw at another width keeps the proportions. */
  width: number;
}

export interface SignatureCanvasOptions {
  penColor: string;
  /** The first touch of an empty or cleared pad. */
  onBegin: () => void;
}

export interface SignatureCanvas {
  isEmpty: () => boolean;
  /** §4 Confirm: no more strokes until `unlock`. */
  lock: () => void;
  unlock: () => void;
  clear: () => void;
  toPng: () => string;
  strokes: () => SignatureStrokes;
  load: (strokes: SignatureStrokes) => void;
  /** Matches the drawing buffer to the canvas's size and the screen's pixel ratio. */
  fit: () => void;
  destroy: () => void;
}

function scaleGroups(groups: PointGroup[], factor: number): PointGroup[] {
  if (factor === 1) return groups;
  return groups.map((group) => ({
    ...group,
    points: group.points.map((point) => ({ ...point, x: point.x * factor, y: point.y * factor })),
  }));
}

/**
 * signature_pad on `canvas`, sized for sharp lines on high-density screens. A resize (rotation,
 * a narrower modal) redraws the strokes at the new size instead of clearing them.
 */
export function createSignatureCanvas(
  canvas: HTMLCanvasElement,
  { penColor, onBegin }: SignatureCanvasOptions,
): SignatureCanvas {
  const pad = new SignaturePad(canvas, { penColor, minWidth: 0.8, maxWidth: 2.6 });
  let size = { width: 0, height: 0, ratio: 0 };
  // The CSS width the pad's points refer to: the canvas's, or a loaded signature's until the first fit.
  let pointsWidth = 0;

  pad.addEventListener('beginStroke', onBegin);

  function redraw(groups: PointGroup[]) {
    pad.clear();
    if (groups.length > 0) pad.fromData(groups);
  }

  return {
    isEmpty: () => pad.isEmpty(),
    lock: () => pad.off(),
    unlock: () => pad.on(),
    clear: () => pad.clear(),
    toPng: () => pad.toDataURL('image/png'),
    strokes: () => ({ groups: pad.toData(), width: pointsWidth }),
    load({ groups, width }) {
      const isFitted = size.width > 0 && width > 0;
      redraw(scaleGroups(groups, isFitted ? size.width / width : 1));
      pointsWidth = isFitted ? size.width : width;
    },
    fit() {
      const width = canvas.offsetWidth;
      const height = canvas.offsetHeight;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      // A hidden canvas has no size; the next resize fits it.
      if (width === 0 || height === 0) return;
      if (width === size.width && height === size.height && ratio === size.ratio) return;
      const groups = pad.toData();
      const factor = pointsWidth > 0 ? width / pointsWidth : 1;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      // Resizing the buffer resets its transform: points stay in CSS pixels, drawn ratio times finer.
      canvas.getContext('2d')?.scale(ratio, ratio);
      size = { width, height, ratio };
      pointsWidth = width;
      redraw(scaleGroups(groups, factor));
    },
    destroy() {
      pad.removeEventListener('beginStroke', onBegin);
      pad.off();
    },
  };
}
