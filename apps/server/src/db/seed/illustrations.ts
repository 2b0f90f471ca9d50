import {
  COLORWAYS,
  darken,
  lighten,
  materialGradient,
  metalGradient,
  productShapeSvg,
} from './product-art.ts';

export interface PortraitStyle {
  skin: string;
  hair: string;
  top: string;
  backdrop: string;
  hairStyle: 'long' | 'bob' | 'short';
}

export const SKIN_TONES = ['#f1d3bd', '#e4b896', '#c99574', '#a8714f', '#7d4f35', '#5c3a28'];
export const HAIR_COLORS = [
  '#2b211c',
  '#4a3426',
  '#7a5234',
  '#b0864f',
  '#d8bd8a',
  '#1b1b1d',
  '#8a8580',
];
export const TOP_COLORS = [
  '#1f2b47',
  '#6b1e2c',
  '#e6dccb',
  '#2e4a3b',
  '#1c1b1f',
  '#8c7a68',
  '#c06b2c',
];
export const PORTRAIT_BACKDROPS = ['#e9dfd3', '#dfe4ea', '#e8dcdc', '#e1e6dc', '#ece6da'];

/** An abstract, featureless portrait: reads as a person in an avatar circle without pretending to be a photo. */
export function portraitSvg(style: PortraitStyle, size = 400) {
  const { skin, hair, top, backdrop } = style;
  const hairBack =
    style.hairStyle === 'long'
      ? `<path d="M126 190 C112 96 160 56 200 56 C240 56 290 96 274 190 C268 250 290 300 296 330 H104 C110 300 132 250 126 190 Z" fill="${hair}"/>`
      : style.hairStyle === 'bob'
        ? `<path d="M122 180 C112 92 162 58 200 58 C238 58 288 92 278 180 C276 214 270 236 262 246 H138 C130 236 124 214 122 180 Z" fill="${hair}"/>`
        : '';
  const hairTop =
    style.hairStyle === 'short'
      ? `<path d="M136 150 C132 92 170 68 204 70 C244 72 270 100 264 150 C252 120 228 108 200 110 C170 112 146 124 136 150 Z" fill="${hair}"/>`
      : `<path d="M138 160 C134 104 168 76 202 76 C240 76 268 106 262 160 C246 124 214 112 196 112 C172 114 150 130 138 160 Z" fill="${hair}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400">
  <defs>
    <radialGradient id="bg" cx="50%" cy="35%" r="75%">
      <stop offset="0" stop-color="${lighten(backdrop, 0.5)}"/>
      <stop offset="1" stop-color="${darken(backdrop, 0.08)}"/>
    </radialGradient>
    <linearGradient id="top" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${lighten(top, 0.1)}"/><stop offset="1" stop-color="${darken(top, 0.2)}"/>
    </linearGradient>
  </defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <g transform="translate(0 40)">
    ${hairBack}
    <path d="M178 232 H222 V282 H178 Z" fill="${darken(skin, 0.12)}"/>
    <path d="M60 400 C64 318 112 280 176 272 L200 296 L224 272 C288 280 336 318 340 400 Z" fill="url(#top)"/>
    <ellipse cx="200" cy="170" rx="62" ry="76" fill="${skin}"/>
    ${hairTop}
  </g>
</svg>`;
}

export type CoverMotif = 'welcome' | 'quotes' | 'shipping' | 'payouts' | 'camera' | 'pickup';

const COVER_MOTIFS: Record<CoverMotif, (ink: string, accent: string, paper: string) => string> = {
  welcome: (ink, accent, paper) => `
    <circle cx="560" cy="225" r="150" fill="${paper}" opacity="0.35"/>
    <g transform="translate(420 70) scale(0.52)">${productShapeSvg('flap-bag', { main: ink, hardware: accent, backdrop: paper })}</g>
    <path d="M700 110 l8 22 22 8 -22 8 -8 22 -8 -22 -22 -8 22 -8 Z" fill="${accent}"/>
    <path d="M440 300 l5 14 14 5 -14 5 -5 14 -5 -14 -14 -5 14 -5 Z" fill="${accent}" opacity="0.7"/>`,
  quotes: (ink, accent, paper) => `
    <g transform="translate(470 90) rotate(12)">
      <path d="M0 40 L40 0 H200 Q214 0 214 14 V226 Q214 240 200 240 H40 L0 200 Z" fill="${paper}"/>
      <circle cx="36" cy="120" r="12" fill="none" stroke="${ink}" stroke-width="4"/>
      <path d="M36 108 C-10 60 -40 40 -90 30" fill="none" stroke="${accent}" stroke-width="4"/>
      <rect x="74" y="70" width="110" height="12" rx="6" fill="${ink}" opacity="0.8"/>
      <rect x="74" y="100" width="80" height="10" rx="5" fill="${ink}" opacity="0.35"/>
      <rect x="74" y="150" width="100" height="26" rx="6" fill="${accent}"/>
    </g>`,
  shipping: (ink, accent, paper) => `
    <g transform="translate(440 120)">
      <path d="M0 60 L130 0 L260 60 L130 120 Z" fill="${lighten(paper, 0.2)}"/>
      <path d="M0 60 L130 120 V260 L0 200 Z" fill="${paper}"/>
      <path d="M260 60 L130 120 V260 L260 200 Z" fill="${darken(paper, 0.12)}"/>
      <path d="M65 30 L195 90 V150" fill="none" stroke="${accent}" stroke-width="10"/>
      <rect x="150" y="150" width="80" height="44" rx="4" fill="#fff" transform="skewY(-25) translate(0 70)" opacity="0.9"/>
      <path d="M30 112 V156 M44 118 V162 M56 124 V168 M66 128 V172" stroke="${ink}" stroke-width="4" opacity="0.7"/>
    </g>`,
  payouts: (ink, accent, paper) => `
    <g transform="translate(430 110) rotate(-6)">
      <rect width="300" height="150" rx="10" fill="${paper}"/>
      <rect x="20" y="22" width="120" height="12" rx="6" fill="${ink}" opacity="0.75"/>
      <rect x="20" y="50" width="80" height="10" rx="5" fill="${ink}" opacity="0.3"/>
      <rect x="190" y="60" width="90" height="28" rx="6" fill="none" stroke="${ink}" stroke-width="3" opacity="0.6"/>
      <path d="M30 120 C60 96 80 130 110 108 C130 94 150 124 180 112" fill="none" stroke="${ink}" stroke-width="3"/>
    </g>
    <g fill="url(#coin)" stroke="${darken(accent, 0.25)}" stroke-width="3">
      <ellipse cx="470" cy="330" rx="52" ry="16"/><ellipse cx="470" cy="316" rx="52" ry="16"/><ellipse cx="470" cy="302" rx="52" ry="16"/>
      <ellipse cx="560" cy="340" rx="52" ry="16"/><ellipse cx="560" cy="326" rx="52" ry="16"/>
    </g>`,
  camera: (ink, accent, paper) => `
    <g transform="translate(450 120)">
      <rect width="260" height="180" rx="24" fill="${paper}"/>
      <rect x="30" y="-22" width="70" height="30" rx="8" fill="${paper}"/>
      <circle cx="130" cy="95" r="62" fill="${ink}"/>
      <circle cx="130" cy="95" r="44" fill="none" stroke="${accent}" stroke-width="6"/>
      <circle cx="112" cy="78" r="10" fill="#fff" opacity="0.5"/>
      <circle cx="222" cy="36" r="9" fill="${accent}"/>
    </g>`,
  pickup: (ink, accent, paper) => `
    <g transform="translate(450 90)">
      <path d="M40 60 H220 L250 300 H10 Z" fill="${paper}"/>
      <path d="M80 60 C80 0 180 0 180 60" fill="none" stroke="${ink}" stroke-width="10"/>
      <rect x="90" y="150" width="80" height="50" rx="6" fill="${accent}"/>
      <path d="M110 176 l14 12 26 -26" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
    </g>`,
};

/** A tutorial cover, 800 x 450: one motif centred on a tinted backdrop, framed by fine arcs. */
export function coverSvg(motif: CoverMotif, colorway: number) {
  const c = COLORWAYS[colorway % COLORWAYS.length]!;
  const deep = darken(c.main, 0.15);
  const arcs = (cx: number, cy: number) =>
    [150, 190, 230, 270].map((r) => `<circle cx="${cx}" cy="${cy}" r="${r}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <defs>
    <radialGradient id="cover" cx="50%" cy="45%" r="70%">
      <stop offset="0" stop-color="${lighten(c.backdrop, 0.5)}"/><stop offset="1" stop-color="${darken(c.backdrop, 0.08)}"/>
    </radialGradient>
    ${materialGradient('material', deep)}
    ${metalGradient('metal', c.hardware)}
    ${metalGradient('coin', c.hardware)}
    <radialGradient id="shadow">
      <stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="800" height="450" fill="url(#cover)"/>
  <g fill="none" stroke="${deep}" stroke-width="1.5" opacity="0.16">${arcs(0, 450)}${arcs(800, 0)}</g>
  <rect x="0" y="438" width="800" height="12" fill="${deep}"/>
  <rect x="0" y="434" width="800" height="4" fill="${c.hardware}"/>
  <g transform="translate(-190 10)">${COVER_MOTIFS[motif](deep, c.hardware, lighten(c.backdrop, 0.7))}</g>
</svg>`;
}

/** The holiday marketing banner, 800 x 450. */
export function holidaySvg() {
  const dots = Array.from({ length: 60 }, (_, i) => {
    const x = (i * 137.5) % 800;
    const y = (i * 83.3) % 450;
    const r = 1.5 + ((i * 7) % 4);
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}" fill="#e3c98f" opacity="${(0.25 + ((i * 13) % 10) / 20).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <defs>
    <radialGradient id="bg" cx="65%" cy="40%" r="80%">
      <stop offset="0" stop-color="#2f5444"/><stop offset="1" stop-color="#132a21"/>
    </radialGradient>
    <linearGradient id="box" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8d2433"/><stop offset="1" stop-color="#5a1320"/></linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1dca6"/><stop offset="0.5" stop-color="#c9a65d"/><stop offset="1" stop-color="#8f7238"/></linearGradient>
    <radialGradient id="shadow">
      <stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="800" height="450" fill="url(#bg)"/>
  ${dots}
  <ellipse cx="560" cy="392" rx="190" ry="26" fill="url(#shadow)"/>
  <rect x="430" y="200" width="260" height="190" rx="6" fill="url(#box)"/>
  <rect x="414" y="168" width="292" height="52" rx="6" fill="#a12d3d"/>
  <rect x="544" y="168" width="32" height="222" fill="url(#gold)"/>
  <path d="M560 168 C500 90 446 120 470 150 C486 170 530 170 560 168 Z" fill="none" stroke="url(#gold)" stroke-width="14" stroke-linejoin="round"/>
  <path d="M560 168 C620 90 674 120 650 150 C634 170 590 170 560 168 Z" fill="none" stroke="url(#gold)" stroke-width="14" stroke-linejoin="round"/>
  <circle cx="560" cy="166" r="14" fill="url(#gold)"/>
  <rect x="80" y="150" width="70" height="4" fill="#c9a65d"/>
  <text x="80" y="230" font-family="Georgia, 'DejaVu Serif', serif" font-size="64" fill="#f4ead7">+5%</text>
  <text x="82" y="272" font-family="Georgia, 'DejaVu Serif', serif" font-size="22" letter-spacing="4" fill="#e3c98f">HOLIDAY BONUS</text>
</svg>`;
}

/** A signature as a consignor scribbles it on a tablet: a few loops and a flourish. */
export function signatureSvg(loops: readonly number[]) {
  let x = 40;
  const segments = loops.map((height) => {
    const segment = `C${x + 10} ${100 - height} ${x + 34} ${100 - height} ${x + 26} 100 S${x + 30} ${120} ${x + 46} 98`;
    x += 46;
    return segment;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200">
  <rect width="600" height="200" fill="#ffffff"/>
  <path d="M30 110 ${segments.join(' ')} C${x + 40} 80 ${x + 60} 140 ${x + 110} 104" fill="none" stroke="#1b2a4a" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M60 150 C200 138 360 136 ${x + 60} 144" fill="none" stroke="#1b2a4a" stroke-width="2.5" stroke-linecap="round"/>
</svg>`;
}
