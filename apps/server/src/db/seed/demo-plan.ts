import { planCommissions, type PlannedCommission } from './commission-plan.ts';
import { planComparableSales } from './comparable-plan.ts';
import {
  HAIR_COLORS,
  PORTRAIT_BACKDROPS,
  SKIN_TONES,
  TOP_COLORS,
  type PortraitStyle,
} from './illustrations.ts';
import { DEMO_CLIENTS, emailFor, OTHER_CLIENTS, type ClientSeed } from './people.ts';
import { planFewQuotes, planQuotes, type PlannedQuote } from './quote-plan.ts';
import { createRandom, UniqueCodes, type Random } from './random.ts';

const DAY = 86_400_000;
const SEED = 0x5eed_a7e1;
/** Enough clients with quotes to fill the dashboard, few enough that the rest show the empty states. */
const CLIENTS_WITH_QUOTES = 15;

export interface PlannedClient extends ClientSeed {
  email: string;
  phone: string;
  createdAt: Date;
  portrait: PortraitStyle | null;
}

export interface StylistPlan {
  clients: PlannedClient[];
  quotes: PlannedQuote[];
  commissions: PlannedCommission[];
}

export interface DemoPlan {
  now: Date;
  stylistPortrait: PortraitStyle;
  demo: StylistPlan;
  other: StylistPlan;
}

function portrait(random: Random, look: NonNullable<ClientSeed['look']>): PortraitStyle {
  return {
    skin: SKIN_TONES[look.skin % SKIN_TONES.length]!,
    hair: HAIR_COLORS[look.hair % HAIR_COLORS.length]!,
    top: random.pick(TOP_COLORS),
    backdrop: random.pick(PORTRAIT_BACKDROPS),
    hairStyle: look.hairStyle,
  };
}

function planClients(
  random: Random,
  seeds: readonly ClientSeed[],
  since: (index: number) => Date,
  firstPhone: number,
): PlannedClient[] {
  return seeds.map((seed, index) => ({
    ...seed,
    email: emailFor(seed),
    // 555-0100 to 555-0199 is the range reserved for fiction, so no real person gets a call.
    phone: `(${seed.areaCode}) 555-01${String(firstPhone + index).padStart(2, '0')}`,
    createdAt: since(index),
    portrait: seed.look ? portrait(random, seed.look) : null,
  }));
}

/** The parcel in transit the README names for trying "Scan to receive" at /office. */
export const SCAN_DEMO_TRACKING_NUMBER = '1ZATELIERSCAN0001';

/**
 * The last label in transit gets that number (Olivia's, the first client's, only if no other
 * client has one). Nothing is drawn from the PRNG, so the rest of the data stays as it was.
 */
function nameScanParcel(quotes: readonly PlannedQuote[]) {
  const parcel = quotes.findLast(
    (quote) => quote.status === 'in_transit' && quote.shipment?.kind === 'label',
  );
  if (parcel?.shipment) parcel.shipment.trackingNumber = SCAN_DEMO_TRACKING_NUMBER;
}

/** Everything the seed writes, decided up front from one PRNG, so the same `now` gives the same data. */
export function planDemoData(now: Date): DemoPlan {
  const random = createRandom(SEED);
  const codes = new UniqueCodes(random);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  const stylistPortrait: PortraitStyle = {
    skin: SKIN_TONES[1]!,
    hair: HAIR_COLORS[1]!,
    top: TOP_COLORS[4]!,
    backdrop: PORTRAIT_BACKDROPS[0]!,
    hairStyle: 'long',
  };

  // Clients joined one every nine days over the past 13 months; the first ones have the history.
  const demoClients = planClients(random, DEMO_CLIENTS, (i) => ago(400 - i * 9), 0);
  const demoQuotes = planQuotes(random, codes, now, demoClients, CLIENTS_WITH_QUOTES);
  nameScanParcel(demoQuotes);
  const demoCommissions = planCommissions(
    random,
    codes,
    now,
    demoQuotes.filter((quote) => quote.status === 'sold'),
    {
      perMonth: [2, 4],
      months: 12,
      pendingCount: 8,
      clientSince: demoClients.map((c) => c.createdAt),
    },
  );

  const otherClients = planClients(
    random,
    OTHER_CLIENTS,
    (i) => ago(300 - i * 50),
    DEMO_CLIENTS.length,
  );
  const otherQuotes = planFewQuotes(
    random,
    codes,
    now,
    otherClients,
    ['pending_authentication', 'offer_pending', 'sold'],
    demoQuotes.length + 1,
  );
  const otherCommissions = planCommissions(
    random,
    codes,
    now,
    otherQuotes.filter((quote) => quote.status === 'sold'),
    {
      perMonth: [0, 1],
      months: 6,
      pendingCount: 1,
      clientSince: otherClients.map((c) => c.createdAt),
    },
  );

  // Price guidance: the company's past sales of the designers waiting to be priced, drawn last so
  // that the rest of the plan stays as it was. The other stylist sold them, all paid.
  const comparableQuotes = planComparableSales(
    random,
    codes,
    now,
    demoQuotes.filter((quote) => quote.status === 'authenticated_no_offer'),
    otherClients.length,
    demoQuotes.length + otherQuotes.length + 1,
  );
  const comparableCommissions = planCommissions(random, codes, now, comparableQuotes, {
    perMonth: [0, 0],
    months: 0,
    pendingCount: 0,
    clientSince: otherClients.map((c) => c.createdAt),
  });

  return {
    now,
    stylistPortrait,
    demo: { clients: demoClients, quotes: demoQuotes, commissions: demoCommissions },
    other: {
      clients: otherClients,
      quotes: [...otherQuotes, ...comparableQuotes],
      commissions: [...otherCommissions, ...comparableCommissions],
    },
  };
}
