/*
 * Code 128 (ISO/IEC 15417), subset B: every printable ASCII character, which covers the quote and
 * client barcodes (`WG-000101`, `WC00000007`). Each symbol is six bar/space widths in modules,
 * starting with a bar; the stop symbol has seven.
 */
/** Bar and space widths of symbol values 0 to 106, in modules (106, stop, has seven). */
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212',
  '221213', '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221',
  '223211', '221132', '221231', '213212', '223112', '312131', '311222', '321122', '321221',
  '312212', '322112', '322211', '212123', '212321', '232121', '111323', '131123', '131321',
  '112313', '132113', '132311', '211313', '231113', '231311', '112133', '112331', '132131',
  '113123', '113321', '133121', '313121', '211331', '231131', '213113', '213311', '213131',
  '311123', '311321', '331121', '312113', '312311', '332111', '314111', '221411', '431111',
  '111224', '111422', '121124', '121421', '141122', '141221', '112214', '112412', '122114',
  '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111', '111242',
  '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311',
  '113141', '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

const START_B = 104;
const STOP = 106;
/** The blank margin each side that scanners need: ten modules. */
export const CODE128_QUIET_ZONE = 10;

/** Whether `text` can be drawn in subset B: printable ASCII, space to tilde. */
export function isCode128B(text: string): boolean {
  return /^[\x20-\x7e]+$/.test(text);
}

/** The symbol values of `text` in subset B with start, check and stop symbols. */
export function code128Values(text: string): number[] {
  if (!isCode128B(text)) throw new RangeError(`Code 128 B cannot encode ${JSON.stringify(text)}`);
  const data = Array.from(text, (char) => char.charCodeAt(0) - 32);
  const check = data.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103;
  return [START_B, ...data, check, STOP];
}

export interface Code128Bar {
  /** Offset from the left edge of the quiet zone, in modules. */
  x: number;
  width: number;
}

/** The bars of `text`'s barcode and its width in modules, quiet zones included. */
export function code128Bars(text: string): { bars: Code128Bar[]; modules: number } {
  const bars: Code128Bar[] = [];
  let x = CODE128_QUIET_ZONE;
  for (const value of code128Values(text)) {
    const widths = PATTERNS[value] ?? '';
    for (let index = 0; index < widths.length; index += 1) {
      const width = Number(widths[index]);
      if (index % 2 === 0) bars.push({ x, width });
      x += width;
    }
  }
  return { bars, modules: x + CODE128_QUIET_ZONE };
}
