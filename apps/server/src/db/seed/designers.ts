import type { ProductShape } from './product-art.ts';

export const CATEGORIES = [
  'Handbags',
  'Shoes',
  'Ready-to-Wear',
  'Outerwear',
  'Jewelry',
  'Watches',
  'Small Leather Goods',
  'Scarves & Shawls',
  'Accessories',
  'Sunglasses',
  'Luggage',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** [category, item name, typical resale price in dollars] */
type ItemRow = readonly [Category, string, number];

export interface DesignerSeed {
  name: string;
  /** What the house makes, beyond the items listed below. */
  categories: readonly Category[];
  items: readonly ItemRow[];
}

export const DESIGNERS: readonly DesignerSeed[] = [
  {
    name: 'Chanel',
    categories: ['Ready-to-Wear', 'Sunglasses', 'Accessories', 'Watches'],
    items: [
      ['Handbags', 'Classic Flap Bag Medium Caviar', 8200],
      ['Handbags', 'Boy Bag Old Medium Lambskin', 4600],
      ['Handbags', '19 Large Flap Bag Goatskin', 4900],
      ['Small Leather Goods', 'Wallet on Chain Caviar', 2900],
      ['Shoes', 'Two-Tone Slingback Pumps', 780],
      ['Jewelry', 'Coco Crush Ring 18K Beige Gold', 2600],
      ['Scarves & Shawls', 'Cashmere Logo Stole', 950],
    ],
  },
  {
    name: 'Hermès',
    categories: ['Ready-to-Wear', 'Shoes', 'Watches', 'Jewelry'],
    items: [
      ['Handbags', 'Birkin 30 Togo Gold Hardware', 19500],
      ['Handbags', 'Kelly 28 Sellier Epsom', 17800],
      ['Handbags', 'Evelyne PM Clemence', 2900],
      ['Handbags', 'Picotin Lock 18 Clemence', 3400],
      ['Handbags', 'Constance 24 Epsom', 14500],
      ['Scarves & Shawls', 'Carré 90 Brides de Gala Silk Twill', 420],
      ['Small Leather Goods', 'Bearn Compact Wallet Epsom', 2100],
      ['Accessories', 'H Belt Buckle & Reversible Strap 32mm', 780],
      ['Jewelry', 'Clic H Bracelet Enamel', 520],
    ],
  },
  {
    name: 'Louis Vuitton',
    categories: ['Ready-to-Wear', 'Jewelry', 'Watches', 'Accessories'],
    items: [
      ['Handbags', 'Neverfull MM Damier Ebene', 1650],
      ['Handbags', 'Speedy Bandoulière 25 Monogram', 1700],
      ['Handbags', 'Pochette Métis Monogram', 2600],
      ['Handbags', 'Capucines MM Taurillon', 4800],
      ['Small Leather Goods', 'Zippy Wallet Monogram', 780],
      ['Luggage', 'Keepall Bandoulière 50 Monogram', 1900],
      ['Scarves & Shawls', 'Monogram Shine Shawl', 520],
      ['Sunglasses', '1.1 Millionaires Sunglasses', 650],
      ['Shoes', 'LV Archlight Sneaker', 650],
    ],
  },
  {
    name: 'Gucci',
    categories: ['Ready-to-Wear', 'Scarves & Shawls', 'Watches'],
    items: [
      ['Handbags', 'Jackie 1961 Small Shoulder Bag', 1900],
      ['Handbags', 'GG Marmont Small Matelassé Shoulder Bag', 1450],
      ['Handbags', 'Horsebit 1955 Shoulder Bag', 1500],
      ['Shoes', 'Horsebit Leather Loafers', 520],
      ['Shoes', 'Princetown Leather Slipper', 480],
      ['Jewelry', 'Interlocking G Sterling Silver Bracelet', 260],
      ['Sunglasses', 'Oversized Square Acetate Sunglasses', 220],
      ['Accessories', 'GG Marmont Thin Leather Belt', 320],
      ['Small Leather Goods', 'GG Marmont Card Case Wallet', 330],
    ],
  },
  {
    name: 'Prada',
    categories: ['Ready-to-Wear', 'Accessories'],
    items: [
      ['Handbags', 'Re-Edition 2005 Re-Nylon Shoulder Bag', 1050],
      ['Handbags', 'Galleria Saffiano Medium Bag', 2100],
      ['Handbags', 'Cleo Brushed Leather Shoulder Bag', 1600],
      ['Shoes', 'Monolith Brushed Leather Loafers', 720],
      ['Outerwear', 'Re-Nylon Gabardine Raincoat', 1400],
      ['Sunglasses', 'Symbole Sunglasses', 260],
      ['Small Leather Goods', 'Saffiano Leather Card Holder', 240],
    ],
  },
  {
    name: 'Dior',
    categories: ['Small Leather Goods', 'Accessories'],
    items: [
      ['Handbags', 'Lady Dior Medium Cannage Lambskin', 4900],
      ['Handbags', 'Book Tote Medium Oblique Embroidery', 2600],
      ['Handbags', 'Saddle Bag Oblique Jacquard', 2700],
      ['Shoes', "J'Adior Slingback Pumps", 620],
      ['Jewelry', 'Rose des Vents Bracelet 18K Gold', 2800],
      ['Scarves & Shawls', 'Oblique Silk Square Scarf', 360],
      ['Ready-to-Wear', 'Bar Jacket Wool and Silk', 3400],
      ['Sunglasses', 'DiorSoStellaire Sunglasses', 300],
    ],
  },
  {
    name: 'Saint Laurent',
    categories: ['Small Leather Goods', 'Jewelry'],
    items: [
      ['Handbags', 'Loulou Medium Matelassé Leather', 1900],
      ['Handbags', 'Sac de Jour Small Grained Leather', 1800],
      ['Handbags', 'Kate Chain Wallet Crocodile-Embossed', 1300],
      ['Shoes', 'Opyum Pumps 110 Patent', 620],
      ['Outerwear', 'Classic Motorcycle Jacket Lambskin', 2600],
      ['Ready-to-Wear', 'Le Smoking Tuxedo Jacket', 1900],
      ['Sunglasses', 'SL 276 Mica Sunglasses', 240],
    ],
  },
  {
    name: 'Bottega Veneta',
    categories: ['Ready-to-Wear', 'Accessories'],
    items: [
      ['Handbags', 'Jodie Small Intrecciato', 2200],
      ['Handbags', 'Cassette Padded Bag', 2600],
      ['Handbags', 'The Pouch Intrecciato Clutch', 1900],
      ['Shoes', 'Lido Flat Sandals', 520],
      ['Small Leather Goods', 'Intrecciato Zip-Around Wallet', 620],
    ],
  },
  {
    name: 'Celine',
    categories: ['Ready-to-Wear', 'Accessories'],
    items: [
      ['Handbags', 'Triomphe Shoulder Bag Shiny Calfskin', 2700],
      ['Handbags', 'Luggage Nano Drummed Calfskin', 2100],
      ['Handbags', 'Belt Bag Micro Grained Calfskin', 1600],
      ['Sunglasses', 'Triomphe 01 Sunglasses', 320],
      ['Shoes', 'Triomphe Leather Loafers', 640],
      ['Small Leather Goods', 'Large Strap Wallet Triomphe', 560],
    ],
  },
  {
    name: 'Fendi',
    categories: ['Ready-to-Wear', 'Accessories'],
    items: [
      ['Handbags', 'Baguette Medium FF Jacquard', 2100],
      ['Handbags', 'Peekaboo ISeeU Medium', 3400],
      ['Handbags', 'First Small Nappa', 2200],
      ['Outerwear', 'Reversible Shearling Coat', 2900],
      ['Shoes', 'Fendi First Sandals', 560],
      ['Small Leather Goods', 'FF Continental Wallet', 480],
    ],
  },
  {
    name: 'Balenciaga',
    categories: ['Ready-to-Wear', 'Accessories', 'Sunglasses'],
    items: [
      ['Handbags', 'Le City Medium Bag', 1450],
      ['Handbags', 'Hourglass Small Top Handle', 1500],
      ['Handbags', 'Le Cagole Shoulder Bag', 1650],
      ['Shoes', 'Knife Pumps 110', 460],
      ['Outerwear', 'Cocoon Wool Coat', 1700],
    ],
  },
  {
    name: 'Valentino',
    categories: ['Ready-to-Wear', 'Accessories'],
    items: [
      ['Handbags', 'Rockstud Spike Medium Shoulder Bag', 1350],
      ['Handbags', 'VLogo Signature Shoulder Bag', 1500],
      ['Shoes', 'Rockstud Slingback Pumps 100', 480],
      ['Small Leather Goods', 'Rockstud Card Holder', 240],
    ],
  },
  {
    name: 'Loewe',
    categories: ['Ready-to-Wear', 'Shoes', 'Small Leather Goods', 'Accessories'],
    items: [
      ['Handbags', 'Puzzle Bag Small Classic Calfskin', 2300],
      ['Handbags', 'Flamenco Clutch Nappa', 1900],
      ['Handbags', 'Hammock Small Soft Grained Calfskin', 1800],
      ['Handbags', 'Basket Bag Medium Raffia', 420],
    ],
  },
  {
    name: 'Givenchy',
    categories: ['Ready-to-Wear', 'Accessories'],
    items: [
      ['Handbags', 'Antigona Medium Box Calfskin', 1400],
      ['Handbags', 'Pandora Small Grained Leather', 900],
      ['Shoes', 'Shark Lock Pumps', 420],
    ],
  },
  {
    name: 'Burberry',
    categories: ['Ready-to-Wear', 'Accessories'],
    items: [
      ['Outerwear', 'Kensington Heritage Trench Coat', 1200],
      ['Outerwear', 'Chelsea Long Trench Coat', 1100],
      ['Scarves & Shawls', 'Vintage Check Cashmere Scarf', 280],
      ['Handbags', 'Lola Small Quilted Bag', 1100],
    ],
  },
  {
    name: 'Cartier',
    categories: ['Accessories', 'Sunglasses', 'Small Leather Goods'],
    items: [
      ['Jewelry', 'Love Bracelet 18K Yellow Gold', 6200],
      ['Jewelry', 'Juste un Clou Bracelet 18K Rose Gold', 6400],
      ['Jewelry', 'Trinity Ring Classic', 1200],
      ['Jewelry', 'Panthère de Cartier Pendant Necklace', 4200],
      ['Watches', 'Tank Française Medium Steel', 3400],
      ['Watches', 'Santos de Cartier Medium Steel', 6100],
      ['Watches', 'Ballon Bleu 36mm Steel', 4300],
    ],
  },
  {
    name: 'Rolex',
    categories: [],
    items: [
      ['Watches', 'Datejust 36 Oystersteel Jubilee', 9800],
      ['Watches', 'Submariner Date 41 Oystersteel', 13500],
      ['Watches', 'Lady-Datejust 28 Rolesor', 11200],
      ['Watches', 'Oyster Perpetual 36 Turquoise Dial', 15800],
      ['Watches', 'GMT-Master II Pepsi Jubilee', 19500],
    ],
  },
  {
    name: 'Van Cleef & Arpels',
    categories: ['Watches'],
    items: [
      ['Jewelry', 'Vintage Alhambra Necklace 10 Motifs', 9800],
      ['Jewelry', 'Sweet Alhambra Bracelet Carnelian', 2400],
      ['Jewelry', 'Magic Alhambra Long Necklace Mother-of-Pearl', 8600],
      ['Jewelry', 'Perlée Signature Bracelet Yellow Gold', 4200],
      ['Jewelry', 'Frivole Pendant Small Model', 3800],
    ],
  },
  {
    name: 'Tiffany & Co.',
    categories: ['Watches', 'Accessories', 'Sunglasses'],
    items: [
      ['Jewelry', 'T Wire Bracelet 18K Rose Gold', 1700],
      ['Jewelry', 'Return to Tiffany Heart Tag Pendant', 260],
      ['Jewelry', 'Elsa Peretti Open Heart Pendant', 240],
      ['Jewelry', 'Tiffany HardWear Link Bracelet', 1100],
      ['Jewelry', 'Tiffany T Smile Pendant', 900],
    ],
  },
  {
    name: 'Miu Miu',
    categories: ['Ready-to-Wear', 'Accessories'],
    items: [
      ['Handbags', 'Wander Matelassé Hobo Bag', 1500],
      ['Handbags', 'Arcadie Matelassé Bag', 1300],
      ['Shoes', 'Satin Ballerinas with Bow', 520],
      ['Sunglasses', 'Regard Sunglasses', 240],
    ],
  },
  {
    name: 'Alexander McQueen',
    categories: ['Accessories', 'Jewelry'],
    items: [
      ['Shoes', 'Oversized Leather Sneakers', 260],
      ['Scarves & Shawls', 'Skull Silk Chiffon Scarf', 200],
      ['Ready-to-Wear', 'Tailored Peak-Shoulder Blazer', 1100],
      ['Handbags', 'The Jewelled Satchel', 1200],
      ['Outerwear', 'Wool-Blend Tailored Coat', 1400],
    ],
  },
  {
    name: 'Christian Louboutin',
    categories: ['Accessories'],
    items: [
      ['Shoes', 'So Kate 120 Patent Pumps', 420],
      ['Shoes', 'Pigalle Follies 100 Suede', 400],
      ['Shoes', 'Kate 85 Nappa Pumps', 380],
      ['Handbags', 'Paloma Medium Tote', 900],
      ['Small Leather Goods', 'Paloma Continental Wallet', 420],
    ],
  },
  {
    name: 'Manolo Blahnik',
    categories: [],
    items: [
      ['Shoes', 'Hangisi 105 Satin Pumps', 560],
      ['Shoes', 'BB 90 Suede Pumps', 380],
      ['Shoes', 'Maysale Flat Mules', 360],
    ],
  },
  {
    name: 'Jimmy Choo',
    categories: ['Small Leather Goods', 'Sunglasses'],
    items: [
      ['Shoes', 'Romy 85 Suede Pumps', 320],
      ['Shoes', 'Azia 95 Sandals', 340],
      ['Handbags', 'Bon Bon Crystal Top Handle', 1100],
    ],
  },
  {
    name: 'The Row',
    categories: ['Ready-to-Wear', 'Accessories'],
    items: [
      ['Handbags', 'Margaux 15 Saddle Leather', 3200],
      ['Handbags', 'Park Tote Three Grained Leather', 2100],
      ['Shoes', 'Ava Leather Ballet Flats', 480],
      ['Outerwear', 'Double-Faced Cashmere Coat', 2600],
    ],
  },
  {
    name: 'Goyard',
    categories: ['Accessories'],
    items: [
      ['Handbags', 'Saint Louis PM Tote', 1500],
      ['Handbags', 'Artois MM Tote', 2100],
      ['Handbags', 'Saïgon Structured Top Handle', 3900],
      ['Small Leather Goods', 'Saint Sulpice Card Holder', 380],
      ['Luggage', 'Bourget PM Trolley Case', 3600],
    ],
  },
  {
    name: 'Chloé',
    categories: ['Ready-to-Wear', 'Small Leather Goods', 'Sunglasses'],
    items: [
      ['Handbags', 'Marcie Medium Saddle Bag', 780],
      ['Handbags', 'Woody Medium Canvas Tote', 560],
      ['Handbags', 'Tess Small Shoulder Bag', 820],
      ['Shoes', 'Lauren Leather Pumps', 320],
    ],
  },
  {
    name: 'Versace',
    categories: ['Accessories', 'Jewelry', 'Small Leather Goods'],
    items: [
      ['Handbags', 'La Medusa Medium Handbag', 1050],
      ['Handbags', 'Greca Goddess Small Shoulder Bag', 1100],
      ['Ready-to-Wear', 'Barocco Silk Blazer', 950],
      ['Sunglasses', 'Medusa Glam Sunglasses', 180],
      ['Shoes', 'Medusa Aevitas Platform Pumps', 420],
    ],
  },
  {
    name: 'Bulgari',
    categories: ['Small Leather Goods', 'Sunglasses', 'Scarves & Shawls'],
    items: [
      ['Jewelry', 'Serpenti Viper Bracelet Rose Gold', 5200],
      ['Jewelry', 'B.zero1 Ring Four-Band', 1300],
      ['Jewelry', "Divas' Dream Pendant Necklace", 2400],
      ['Watches', 'Serpenti Tubogas Watch', 7800],
      ['Handbags', 'Serpenti Forever Crossbody Bag', 1600],
    ],
  },
  {
    name: 'Omega',
    categories: [],
    items: [
      ['Watches', 'Speedmaster Moonwatch Professional', 5600],
      ['Watches', 'Seamaster Aqua Terra 38mm', 4300],
      ['Watches', 'Constellation 29mm Steel and Gold', 3100],
      ['Watches', 'De Ville Prestige Co-Axial', 2400],
    ],
  },
  {
    name: 'Max Mara',
    categories: ['Ready-to-Wear', 'Handbags', 'Scarves & Shawls'],
    items: [
      ['Outerwear', '101801 Icon Coat Camel Wool', 1600],
      ['Outerwear', 'Teddy Bear Icon Coat', 1500],
    ],
  },
  {
    name: 'Moncler',
    categories: ['Shoes', 'Accessories', 'Sunglasses'],
    items: [
      ['Outerwear', 'Maya Short Down Jacket', 900],
      ['Outerwear', 'Hermine Long Down Parka', 1300],
    ],
  },
];

export interface CatalogueItem {
  designer: string;
  category: Category;
  name: string;
  /** Typical resale price in cents. */
  valueCents: number;
  shape: ProductShape;
}

const CATEGORY_SHAPES: Record<Category, ProductShape> = {
  Handbags: 'flap-bag',
  Shoes: 'pump',
  'Ready-to-Wear': 'jacket',
  Outerwear: 'jacket',
  Jewelry: 'bracelet',
  Watches: 'watch',
  'Small Leather Goods': 'wallet',
  'Scarves & Shawls': 'scarf',
  Accessories: 'belt',
  Sunglasses: 'sunglasses',
  Luggage: 'tote',
};

/** Pictures that fit an item better than its category's default: a tote is not a flap bag. */
const SHAPE_RULES: readonly [Category, RegExp, ProductShape][] = [
  ['Handbags', /tote|neverfull|birkin|picotin|basket|park|artois|saint louis/i, 'tote'],
  ['Handbags', /hobo|jodie|hammock|cassette|pouch|loulou|city|cagole|cleo|jackie/i, 'hobo'],
  [
    'Handbags',
    /saddle|marcie|crossbody|chain|pochette|belt bag|tess|baguette|re-edition/i,
    'crossbody',
  ],
  ['Shoes', /loafer|slipper|sneaker|ballerina|flat|sandal|mule/i, 'loafer'],
  ['Jewelry', /necklace|pendant|earring/i, 'necklace'],
];

export function shapeFor(category: Category, name: string): ProductShape {
  const rule = SHAPE_RULES.find(([c, pattern]) => c === category && pattern.test(name));
  return rule ? rule[2] : CATEGORY_SHAPES[category];
}

export const CATALOGUE: readonly CatalogueItem[] = DESIGNERS.flatMap((designer) =>
  designer.items.map(([category, name, dollars]) => ({
    designer: designer.name,
    category,
    name,
    valueCents: dollars * 100,
    shape: shapeFor(category, name),
  })),
);

/** Each designer's categories: those it is known for plus those of its listed items. */
export function categoriesOf(designer: DesignerSeed): Category[] {
  const made = new Set<Category>([...designer.categories, ...designer.items.map(([c]) => c)]);
  return CATEGORIES.filter((category) => made.has(category));
}
