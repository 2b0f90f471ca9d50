export const PRODUCT_SHAPES = [
  'flap-bag',
  'hobo',
  'crossbody',
  'tote',
  'pump',
  'loafer',
  'watch',
  'scarf',
  'jacket',
  'sunglasses',
  'bracelet',
  'necklace',
  'wallet',
  'belt',
] as const;
export type ProductShape = (typeof PRODUCT_SHAPES)[number];
export type ProductView = 'front' | 'detail' | 'angle';

export interface Colorway {
  main: string;
  hardware: string;
  backdrop: string;
}

/** Leather and fabric colours a resale shop actually sees, each with a backdrop that flatters it. */
export const COLORWAYS: readonly Colorway[] = [
  { main: '#1c1b1f', hardware: '#c9a65d', backdrop: '#efe8df' },
  { main: '#6b1e2c', hardware: '#c9a65d', backdrop: '#f1e7e1' },
  { main: '#8c7a68', hardware: '#b8babf', backdrop: '#eeebe6' },
  { main: '#c06b2c', hardware: '#c9a65d', backdrop: '#f0e9df' },
  { main: '#1f2b47', hardware: '#b8babf', backdrop: '#e9ecf0' },
  { main: '#e6dccb', hardware: '#c9a65d', backdrop: '#d9d2c8' },
  { main: '#9e1f2a', hardware: '#c9a65d', backdrop: '#f2e9e4' },
  { main: '#6f7d62', hardware: '#c9a65d', backdrop: '#eceee6' },
  { main: '#d6a39c', hardware: '#c9a65d', backdrop: '#f4ebe8' },
  { main: '#8e5329', hardware: '#c9a65d', backdrop: '#efe7dd' },
  { main: '#2e4a3b', hardware: '#c9a65d', backdrop: '#e8ece7' },
  { main: '#58524f', hardware: '#b8babf', backdrop: '#ebe9e7' },
];

export interface ProductPicture {
  shape: ProductShape;
  colorway: number;
  view: ProductView;
}

function channel(hex: string, index: number) {
  return parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
}

/** Blends two #rrggbb colours; t = 0 gives `from`, t = 1 gives `to`. */
export function mix(from: string, to: string, t: number) {
  const parts = [0, 1, 2].map((i) =>
    Math.round(channel(from, i) + (channel(to, i) - channel(from, i)) * t)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${parts.join('')}`;
}

export const lighten = (hex: string, t: number) => mix(hex, '#ffffff', t);
export const darken = (hex: string, t: number) => mix(hex, '#000000', t);

function studioBackdrop(width: number, height: number, backdrop: string) {
  const floor = height * 0.72;
  return `
  <defs>
    <radialGradient id="backdrop" cx="50%" cy="38%" r="75%">
      <stop offset="0" stop-color="${lighten(backdrop, 0.55)}"/>
      <stop offset="0.6" stop-color="${backdrop}"/>
      <stop offset="1" stop-color="${darken(backdrop, 0.1)}"/>
    </radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${darken(backdrop, 0.04)}" stop-opacity="0"/>
      <stop offset="1" stop-color="${darken(backdrop, 0.12)}" stop-opacity="0.8"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#backdrop)"/>
  <rect y="${floor}" width="${width}" height="${height - floor}" fill="url(#floor)"/>`;
}

export function materialGradient(id: string, color: string) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0.6" y2="1">
    <stop offset="0" stop-color="${lighten(color, 0.14)}"/>
    <stop offset="1" stop-color="${darken(color, 0.18)}"/>
  </linearGradient>`;
}

export function metalGradient(id: string, color: string) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${lighten(color, 0.45)}"/>
    <stop offset="0.5" stop-color="${color}"/>
    <stop offset="1" stop-color="${darken(color, 0.25)}"/>
  </linearGradient>`;
}

// A radial gradient instead of a blur filter: blurring is most of the render time.
const shadow = (cx: number, cy: number, rx: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx * 1.1}" ry="${Math.round(rx / 7)}" fill="url(#shadow)"/>`;

/** Each shape is drawn in a 600 x 600 box, resting on y ≈ 470. */
const SHAPES: Record<ProductShape, (c: Colorway) => string> = {
  'flap-bag': (c) => {
    const stitch = lighten(c.main, 0.35);
    return `
    ${shadow(300, 472, 170)}
    <path d="M188 262 C178 96 422 96 412 262" fill="none" stroke="url(#metal)" stroke-width="9" stroke-dasharray="16 6" stroke-linecap="round"/>
    <clipPath id="body"><rect x="160" y="250" width="280" height="218" rx="22"/></clipPath>
    <rect x="160" y="250" width="280" height="218" rx="22" fill="url(#material)"/>
    <g clip-path="url(#body)" stroke="${darken(c.main, 0.3)}" stroke-width="2" opacity="0.4">
      ${Array.from({ length: 12 }, (_, i) => `<path d="M${60 + i * 44} 250 l220 220 M${540 - i * 44} 250 l-220 220"/>`).join('')}
    </g>
    <path d="M160 272 Q160 250 182 250 H418 Q440 250 440 272 V356 Q440 378 418 378 H182 Q160 378 160 356 Z" fill="url(#material)"/>
    <path d="M160 272 Q160 250 182 250 H418 Q440 250 440 272 V356 Q440 378 418 378 H182 Q160 378 160 356 Z" fill="#fff" opacity="0.05"/>
    <path d="M170 275 Q170 260 185 260 H415 Q430 260 430 275 V353 Q430 368 415 368 H185 Q170 368 170 353 Z" fill="none" stroke="${stitch}" stroke-width="1.6" stroke-dasharray="5 4" opacity="0.55"/>
    <g transform="translate(300 378)">
      <rect x="-24" y="-16" width="48" height="32" rx="7" fill="url(#metal)"/>
      <circle r="8" fill="none" stroke="${darken(c.hardware, 0.3)}" stroke-width="2.5"/>
    </g>
    <path d="M182 253 H418" stroke="#fff" stroke-width="2" opacity="0.18"/>`;
  },
  hobo: (c) => `
    ${shadow(300, 470, 150)}
    <path d="M156 236 C170 110 430 110 444 236" fill="none" stroke="${darken(c.main, 0.25)}" stroke-width="16" stroke-linecap="round"/>
    <path d="M156 236 C170 110 430 110 444 236" fill="none" stroke="${lighten(c.main, 0.2)}" stroke-width="2" stroke-dasharray="5 4" opacity="0.45"/>
    <path d="M138 222 Q300 306 462 222 C478 360 400 466 300 466 C200 466 122 360 138 222 Z" fill="url(#material)"/>
    <g fill="none" stroke="${darken(c.main, 0.35)}" stroke-width="2.5" opacity="0.4">
      <path d="M214 270 C204 350 230 420 262 456"/><path d="M386 270 C396 350 370 420 338 456"/>
    </g>
    <path d="M156 240 Q300 316 444 240" fill="none" stroke="url(#metal)" stroke-width="4" stroke-dasharray="3 2"/>
    <g transform="translate(440 246) rotate(28)"><rect x="-5" y="0" width="10" height="34" rx="4" fill="url(#metal)"/></g>
    <rect x="146" y="222" width="18" height="26" rx="5" fill="url(#metal)"/><rect x="436" y="222" width="18" height="26" rx="5" fill="url(#metal)"/>
    <path d="M166 300 C176 360 206 410 246 440" fill="none" stroke="#fff" stroke-width="5" opacity="0.14" stroke-linecap="round"/>`,
  crossbody: (c) => `
    ${shadow(300, 474, 150)}
    <path d="M186 258 C176 150 222 40 300 30 C378 40 424 150 414 258" fill="none" stroke="${darken(c.main, 0.2)}" stroke-width="8" stroke-linecap="round"/>
    <rect x="178" y="244" width="16" height="22" rx="4" fill="url(#metal)"/><rect x="406" y="244" width="16" height="22" rx="4" fill="url(#metal)"/>
    <path d="M170 256 H430 V386 Q430 470 346 470 H254 Q170 470 170 386 Z" fill="url(#material)"/>
    <path d="M170 256 H430 V318 Q430 388 360 388 H240 Q170 388 170 318 Z" fill="${darken(c.main, 0.12)}"/>
    <path d="M182 266 H418 V316 Q418 376 358 376 H242 Q182 376 182 316 Z" fill="none" stroke="${lighten(c.main, 0.35)}" stroke-width="1.6" stroke-dasharray="5 4" opacity="0.55"/>
    <circle cx="300" cy="372" r="17" fill="none" stroke="url(#metal)" stroke-width="7"/>
    <path d="M186 262 H414" stroke="#fff" stroke-width="2" opacity="0.18"/>`,
  tote: (c) => `
    ${shadow(300, 474, 185)}
    <path d="M222 272 C222 160 292 160 292 272" fill="none" stroke="${darken(c.main, 0.2)}" stroke-width="14" stroke-linecap="round"/>
    <path d="M308 272 C308 160 378 160 378 272" fill="none" stroke="${darken(c.main, 0.2)}" stroke-width="14" stroke-linecap="round"/>
    <path d="M176 264 H424 L452 456 Q454 470 440 470 H160 Q146 470 148 456 Z" fill="url(#material)"/>
    <path d="M186 276 H414 L438 452 H162 Z" fill="none" stroke="${lighten(c.main, 0.35)}" stroke-width="1.6" stroke-dasharray="5 4" opacity="0.5"/>
    <path d="M176 264 H424 L428 292 H172 Z" fill="${darken(c.main, 0.15)}"/>
    <g fill="url(#metal)">
      <rect x="212" y="282" width="20" height="12" rx="3"/><rect x="282" y="282" width="20" height="12" rx="3"/>
      <rect x="298" y="282" width="20" height="12" rx="3"/><rect x="368" y="282" width="20" height="12" rx="3"/>
    </g>
    <rect x="276" y="330" width="48" height="30" rx="6" fill="url(#metal)" opacity="0.9"/>`,
  pump: (c) => `
    ${shadow(290, 470, 190)}
    <path d="M428 380 L454 380 L450 468 L441 468 Z" fill="${darken(c.main, 0.3)}"/>
    <rect x="438" y="464" width="15" height="9" rx="2" fill="${darken(c.main, 0.6)}"/>
    <path d="M96 452 C140 424 210 404 262 398 C330 392 410 352 452 296 C470 318 472 356 454 386 C400 396 360 420 320 446 C280 470 150 470 104 462 C96 460 94 456 96 452 Z" fill="url(#material)"/>
    <path d="M262 398 C330 392 410 352 452 296 C446 326 410 364 350 388 C316 400 286 402 262 398 Z" fill="${darken(c.main, 0.4)}"/>
    <path d="M262 398 C330 392 410 352 452 296" fill="none" stroke="${lighten(c.main, 0.3)}" stroke-width="2.5" opacity="0.6"/>
    <path d="M104 462 C150 470 280 470 320 446 C360 420 400 396 454 386" fill="none" stroke="${darken(c.main, 0.55)}" stroke-width="4"/>
    <path d="M130 440 C170 420 210 410 240 406" fill="none" stroke="#fff" stroke-width="4" opacity="0.25" stroke-linecap="round"/>`,
  loafer: (c) => `
    ${shadow(300, 474, 200)}
    <path d="M108 448 C100 412 136 392 190 384 C238 378 270 372 300 352 C330 336 390 330 440 332 C476 334 492 358 494 392 C496 430 486 458 464 462 L140 466 C120 466 110 460 108 448 Z" fill="url(#material)"/>
    <path d="M108 452 H490 V470 Q490 476 482 476 H118 Q108 476 108 468 Z" fill="${darken(c.main, 0.45)}"/>
    <path d="M300 352 C330 336 390 330 440 332 C460 334 474 342 482 356 C440 350 380 350 330 366 Z" fill="${darken(c.main, 0.35)}"/>
    <rect x="296" y="370" width="70" height="16" rx="8" fill="url(#metal)" transform="rotate(-8 330 378)"/>
    <path d="M190 384 C238 378 270 372 300 352" fill="none" stroke="${lighten(c.main, 0.3)}" stroke-width="2" stroke-dasharray="5 4" opacity="0.6"/>`,
  watch: (c) => {
    const ticks = Array.from({ length: 12 }, (_, i) => {
      const long = i % 3 === 0;
      return `<rect x="-3" y="${long ? -86 : -84}" width="${long ? 6 : 3}" height="${long ? 20 : 12}" rx="1.5" fill="${darken(c.hardware, 0.35)}" transform="rotate(${i * 30})"/>`;
    }).join('');
    return `
    ${shadow(300, 478, 130)}
    <path d="M244 60 H356 L346 210 H254 Z" fill="url(#material)"/>
    <path d="M254 390 H346 L356 470 H244 Z" fill="url(#material)"/>
    <g stroke="${lighten(c.main, 0.3)}" stroke-width="1.5" stroke-dasharray="5 4" opacity="0.5" fill="none">
      <path d="M256 66 L248 206 M344 66 L352 206"/><path d="M252 396 L250 464 M348 396 L350 464"/>
    </g>
    <rect x="406" y="286" width="22" height="28" rx="5" fill="url(#metal)"/>
    <g transform="translate(300 300)">
      <circle r="116" fill="url(#metal)"/>
      <circle r="104" fill="${darken(c.hardware, 0.2)}"/>
      <circle r="100" fill="url(#dial)"/>
      ${ticks}
      <rect x="-3" y="-64" width="6" height="68" rx="3" fill="${darken(c.hardware, 0.45)}" transform="rotate(-32)"/>
      <rect x="-2" y="-86" width="4" height="92" rx="2" fill="${darken(c.hardware, 0.45)}" transform="rotate(62)"/>
      <circle r="7" fill="${darken(c.hardware, 0.45)}"/>
      <rect x="44" y="-9" width="22" height="18" rx="2" fill="#fff" stroke="${darken(c.hardware, 0.3)}" stroke-width="1.5"/>
    </g>`;
  },
  scarf: (c) => {
    const border = c.hardware;
    return `
    ${shadow(300, 486, 200)}
    <g transform="rotate(45 300 290)">
      <rect x="160" y="150" width="280" height="280" rx="6" fill="${lighten(c.main, 0.05)}"/>
      <rect x="172" y="162" width="256" height="256" fill="none" stroke="${border}" stroke-width="10"/>
      <rect x="190" y="180" width="220" height="220" fill="none" stroke="${lighten(c.main, 0.55)}" stroke-width="2"/>
      <g fill="none" stroke="${lighten(c.main, 0.6)}" stroke-width="3">
        <circle cx="300" cy="290" r="62"/><circle cx="300" cy="290" r="40" stroke="${border}"/>
        <path d="M300 228 V352 M238 290 H362" opacity="0.6"/>
      </g>
      <g fill="${border}">
        ${[0, 90, 180, 270].map((a) => `<path d="M300 200 q10 14 0 26 q-10 -12 0 -26 Z" transform="rotate(${a} 300 290)"/>`).join('')}
        ${[0, 90, 180, 270].map((a) => `<circle cx="208" cy="198" r="8" transform="rotate(${a} 300 290)"/>`).join('')}
      </g>
      <circle cx="300" cy="290" r="14" fill="${border}"/>
    </g>`;
  },
  jacket: (c) => `
    ${shadow(300, 490, 150)}
    <path d="M300 70 C282 70 280 94 296 100 L300 108" fill="none" stroke="${darken(c.hardware, 0.2)}" stroke-width="5" stroke-linecap="round"/>
    <path d="M300 108 L190 150 H410 Z" fill="none" stroke="${darken(c.hardware, 0.2)}" stroke-width="5" stroke-linejoin="round"/>
    <path d="M232 128 L300 146 L368 128 L430 156 L462 430 L412 436 L400 300 L398 470 H202 L200 300 L188 436 L138 430 L170 156 Z" fill="url(#material)"/>
    <path d="M232 128 L300 146 L368 128 L342 290 L300 350 L258 290 Z" fill="${darken(c.main, 0.25)}"/>
    <path d="M300 146 L268 128 L282 250 L300 350 Z" fill="${lighten(c.main, 0.12)}"/>
    <path d="M300 146 L332 128 L318 250 L300 350 Z" fill="${lighten(c.main, 0.06)}"/>
    <path d="M300 350 V470" stroke="${darken(c.main, 0.3)}" stroke-width="2"/>
    <circle cx="312" cy="384" r="6" fill="url(#metal)"/><circle cx="312" cy="424" r="6" fill="url(#metal)"/>
    <path d="M212 390 H262 M338 390 H388" stroke="${darken(c.main, 0.3)}" stroke-width="3" stroke-linecap="round"/>`,
  sunglasses: (c) => `
    ${shadow(300, 430, 200)}
    <path d="M120 262 L78 246 M480 262 L522 246" stroke="${darken(c.main, 0.1)}" stroke-width="10" stroke-linecap="round"/>
    <g fill="url(#lens)" stroke="url(#material)" stroke-width="14">
      <path d="M122 258 C130 236 176 230 238 236 C270 240 282 256 280 284 C276 340 252 372 204 372 C156 372 126 336 120 296 C118 282 118 268 122 258 Z"/>
      <path d="M478 258 C470 236 424 230 362 236 C330 240 318 256 320 284 C324 340 348 372 396 372 C444 372 474 336 480 296 C482 282 482 268 478 258 Z"/>
    </g>
    <path d="M280 258 C292 246 308 246 320 258" fill="none" stroke="url(#material)" stroke-width="12"/>
    <path d="M150 262 C170 250 200 248 226 252" stroke="#fff" stroke-width="5" opacity="0.35" fill="none" stroke-linecap="round"/>
    <path d="M350 262 C370 250 400 248 426 252" stroke="#fff" stroke-width="5" opacity="0.35" fill="none" stroke-linecap="round"/>
    <circle cx="132" cy="256" r="5" fill="url(#metal)"/><circle cx="468" cy="256" r="5" fill="url(#metal)"/>`,
  bracelet: (c) => {
    const screws = [52, 78, 102, 128].map((degrees) => {
      const t = (degrees * Math.PI) / 180;
      const x = 300 + 172 * Math.cos(t);
      const y = 300 + 112 * Math.sin(t);
      return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)})"><circle r="7" fill="${darken(c.hardware, 0.25)}"/><path d="M-4 -2 L4 2" stroke="${lighten(c.hardware, 0.5)}" stroke-width="2"/></g>`;
    });
    return `
    ${shadow(300, 438, 170)}
    <ellipse cx="300" cy="300" rx="172" ry="112" fill="none" stroke="url(#metal)" stroke-width="34"/>
    <ellipse cx="300" cy="300" rx="172" ry="112" fill="none" stroke="${lighten(c.hardware, 0.55)}" stroke-width="3" opacity="0.6" transform="translate(0 -8)"/>
    <ellipse cx="300" cy="300" rx="172" ry="112" fill="none" stroke="${darken(c.hardware, 0.3)}" stroke-width="2" opacity="0.6" transform="translate(0 12)"/>
    ${screws.join('')}
    <path d="M210 222 C240 206 290 200 330 202" stroke="#fff" stroke-width="6" opacity="0.45" fill="none" stroke-linecap="round"/>`;
  },
  necklace: (c) => {
    const beads = Array.from({ length: 23 }, (_, i) => {
      const t = (i / 22) * Math.PI;
      const x = 300 - Math.cos(t) * 170;
      const y = 110 + Math.sin(t) * 220;
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4.5" fill="url(#metal)"/>`;
    });
    const petal = (a: number) =>
      `<circle cx="0" cy="-26" r="26" transform="rotate(${a})" fill="${c.main === '#e6dccb' ? '#f7f4ee' : c.main}" stroke="url(#metal)" stroke-width="6"/>`;
    return `
    ${shadow(300, 460, 90)}
    ${beads.join('')}
    <g transform="translate(300 372)">
      ${[0, 90, 180, 270].map(petal).join('')}
      <rect x="-22" y="-22" width="44" height="44" fill="${c.main === '#e6dccb' ? '#f7f4ee' : c.main}" transform="rotate(45)"/>
      <circle r="7" fill="url(#metal)"/>
      <path d="M-34 -40 C-24 -50 -10 -52 0 -48" stroke="#fff" stroke-width="4" opacity="0.4" fill="none" stroke-linecap="round"/>
    </g>`;
  },
  wallet: (c) => `
    ${shadow(300, 446, 180)}
    <rect x="130" y="220" width="340" height="210" rx="20" fill="url(#material)"/>
    <rect x="142" y="232" width="316" height="186" rx="14" fill="none" stroke="${lighten(c.main, 0.35)}" stroke-width="1.6" stroke-dasharray="5 4" opacity="0.55"/>
    <path d="M130 250 Q130 220 160 220 H440 Q470 220 470 250" fill="none" stroke="${darken(c.main, 0.35)}" stroke-width="6"/>
    <path d="M150 222 H450" stroke="url(#metal)" stroke-width="3" stroke-dasharray="2 2"/>
    <g transform="translate(456 236) rotate(24)">
      <rect x="-6" y="0" width="12" height="40" rx="5" fill="url(#metal)"/>
      <rect x="-2" y="8" width="4" height="20" rx="2" fill="${darken(c.hardware, 0.35)}"/>
    </g>
    <rect x="268" y="312" width="64" height="20" rx="4" fill="url(#metal)" opacity="0.85"/>`,
  belt: (c) => `
    ${shadow(300, 452, 160)}
    <circle cx="300" cy="300" r="140" fill="none" stroke="${darken(c.main, 0.2)}" stroke-width="40"/>
    <circle cx="300" cy="300" r="140" fill="none" stroke="url(#material)" stroke-width="34"/>
    <circle cx="300" cy="300" r="96" fill="none" stroke="url(#material)" stroke-width="34"/>
    <circle cx="300" cy="300" r="96" fill="none" stroke="${lighten(c.main, 0.35)}" stroke-width="1.5" stroke-dasharray="5 4" opacity="0.5"/>
    <g transform="translate(300 160)">
      <path d="M-46 -34 H46 C58 -34 62 -24 62 0 C62 24 58 34 46 34 H-46 C-58 34 -62 24 -62 0 C-62 -24 -58 -34 -46 -34 Z" fill="none" stroke="url(#metal)" stroke-width="14"/>
      <rect x="-4" y="-30" width="8" height="60" rx="3" fill="url(#metal)"/>
    </g>`,
};

type Frame = [centerX: number, centerY: number, size: number];

/** The square each shape fills in the front view, and where the detail view zooms in: the hardware or the part a buyer inspects first. */
const FRAMES: Record<ProductShape, { front: Frame; detail: Frame }> = {
  'flap-bag': { front: [300, 296, 470], detail: [300, 360, 220] },
  hobo: { front: [300, 290, 480], detail: [380, 300, 220] },
  crossbody: { front: [300, 270, 500], detail: [300, 360, 220] },
  tote: { front: [300, 316, 470], detail: [300, 320, 240] },
  pump: { front: [284, 380, 470], detail: [400, 340, 230] },
  loafer: { front: [300, 396, 480], detail: [340, 380, 240] },
  watch: { front: [300, 268, 500], detail: [300, 300, 260] },
  scarf: { front: [300, 300, 520], detail: [300, 290, 220] },
  jacket: { front: [300, 284, 500], detail: [300, 260, 260] },
  sunglasses: { front: [300, 305, 540], detail: [300, 290, 300] },
  bracelet: { front: [300, 305, 480], detail: [300, 360, 240] },
  necklace: { front: [300, 285, 470], detail: [300, 360, 200] },
  wallet: { front: [300, 322, 460], detail: [400, 280, 240] },
  belt: { front: [300, 300, 460], detail: [300, 180, 220] },
};

const viewBoxOf = ([x, y, size]: Frame) => `${x - size / 2} ${y - size / 2} ${size} ${size}`;

/** A flat product illustration on a soft studio backdrop, 600 x 600. */
export function productSvg({ shape, colorway, view }: ProductPicture) {
  const c = COLORWAYS[colorway % COLORWAYS.length]!;
  const frame = FRAMES[shape][view === 'detail' ? 'detail' : 'front'];
  const tilt = view === 'angle' ? `transform="rotate(-8 ${frame[0]} ${frame[1]})"` : '';
  const dial = c.main === COLORWAYS[0]!.main ? '#e9e4da' : c.main;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  ${studioBackdrop(600, 600, c.backdrop)}
  <svg x="0" y="0" width="600" height="600" viewBox="${viewBoxOf(frame)}">
    <defs>
      ${materialGradient('material', c.main)}
      ${metalGradient('metal', c.hardware)}
      <radialGradient id="shadow">
        <stop offset="0" stop-color="#000" stop-opacity="0.3"/>
        <stop offset="1" stop-color="#000" stop-opacity="0"/>
      </radialGradient>
      <radialGradient id="dial" cx="40%" cy="35%" r="80%">
        <stop offset="0" stop-color="${lighten(dial, 0.7)}"/>
        <stop offset="1" stop-color="${lighten(dial, 0.3)}"/>
      </radialGradient>
      <linearGradient id="lens" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${darken(c.main, 0.55)}" stop-opacity="0.95"/>
        <stop offset="1" stop-color="${darken(c.main, 0.2)}" stop-opacity="0.85"/>
      </linearGradient>
    </defs>
    <g ${tilt}>${SHAPES[shape](c)}</g>
  </svg>
</svg>`;
}

/** The bare shape without backdrop, for compositions that set their own gradients. */
export function productShapeSvg(shape: ProductShape, colorway: Colorway) {
  return SHAPES[shape](colorway);
}
