import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The fonts the server's PDFs and label images draw text with (decision 0018). Noto Sans draws
 * Latin with every accent, Greek and Cyrillic; Noto Sans SC draws Chinese and Japanese kana (and
 * Latin, but not all of Latin Extended or accented Greek). Each text is drawn in the first font
 * that has all its characters, else in the one that has the most. pdfkit embeds only the glyphs a
 * document uses, with a ToUnicode map, so the PDF stays small and its text layer reads back exact.
 */

export type FontWeight = 'regular' | 'bold';

export interface PdfFont {
  /** Its name in a PDF document. */
  name: string;
  font: fontkit.Font;
}

const FILES: Record<FontWeight, string[]> = {
  regular: [
    '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  ],
  bold: [
    '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
    '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  ],
};

const require = createRequire(import.meta.url);

function load(file: string): PdfFont {
  const font = fontkit.create(fs.readFileSync(require.resolve(file))) as fontkit.Font;
  return { name: font.postscriptName, font };
}

// The files never change: each is read and parsed once per process, when a document first needs
// it, and every document shares the parsed font (its tables take ~0.4 s to decode each time).
const loaded = new Map<FontWeight, PdfFont[]>();
function fontsOf(weight: FontWeight): PdfFont[] {
  let fonts = loaded.get(weight);
  if (!fonts) {
    fonts = FILES[weight].map(load);
    loaded.set(weight, fonts);
  }
  return fonts;
}

/** The font that draws every character of `text`, or the most of them. */
export function fontFor(text: string, weight: FontWeight): PdfFont {
  const [first, ...others] = fontsOf(weight) as [PdfFont, ...PdfFont[]];
  const characters = [...new Set(text)].map((char) => char.codePointAt(0) ?? 0);
  const drawn = (candidate: PdfFont) =>
    characters.filter((code) => candidate.font.hasGlyphForCodePoint(code)).length;
  let best = first;
  for (const candidate of [first, ...others]) {
    const count = drawn(candidate);
    if (count === characters.length) return candidate;
    if (count > drawn(best)) best = candidate;
  }
  return best;
}

/** Sets the document's font to the one that draws `text` at `weight`. */
export function useFont(doc: PDFKit.PDFDocument, text: string, weight: FontWeight) {
  const { font, name } = fontFor(text, weight);
  // pdfkit takes a parsed fontkit font too (its types say only files); it embeds a subset once
  // per document, on first use.
  return doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource).font(name);
}

/**
 * `text` as SVG path data in the same font, its baseline starting at (x, y), for pictures that
 * must not depend on the fonts installed where they are drawn (sharp's SVG renderer).
 */
export function textPath(
  text: string,
  weight: FontWeight,
  size: number,
  x: number,
  y: number,
): string {
  const { font } = fontFor(text, weight);
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  let penX = 0;
  return run.glyphs
    .map((glyph, index) => {
      const position = run.positions[index] ?? { xAdvance: 0, xOffset: 0, yOffset: 0 };
      const path = glyph.path
        .scale(scale, -scale)
        .translate(x + (penX + position.xOffset) * scale, y - position.yOffset * scale);
      penX += position.xAdvance;
      return path.toSVG();
    })
    .join('');
}

/** Text as one printed line: composed accents, runs of white space as one space. */
export function printable(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim();
}
