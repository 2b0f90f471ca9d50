import type { OfferType, PaymentMethod } from '@atelier/contract';
import type { Category } from './designers.ts';

export const DEMO_PASSWORD = 'atelier-demo';

export const DEMO_STYLIST = {
  email: 'demo@atelier.test',
  firstName: 'Camille',
  lastName: 'Laurent',
  address: {
    address1: '120 Greene St',
    address2: 'Suite 4B',
    city: 'New York',
    state: 'NY',
    postalCode: '10012',
    country: 'US',
  },
} as const;

export const OTHER_STYLIST = {
  email: 'other@atelier.test',
  firstName: 'Jordan',
  lastName: 'Ellis',
  address: {
    address1: '1420 5th Ave',
    address2: null,
    city: 'Seattle',
    state: 'WA',
    postalCode: '98101',
    country: 'US',
  },
} as const;
export const SHOPPER = {
  email: 'shopper@atelier.test',
  firstName: 'Sam',
  lastName: 'Rivera',
} as const;
export const ADMIN = {
  email: 'admin@atelier.test',
  firstName: 'Avery',
  lastName: 'Stone',
} as const;
/** The back office's demo staff (they work at /office). */
export const OFFICE_STAFF = [
  { email: 'office@atelier.test', firstName: 'Odile', lastName: 'Park', role: 'operations' },
  {
    email: 'authenticator@atelier.test',
    firstName: 'Nadia',
    lastName: 'Okafor',
    role: 'authenticator',
  },
  { email: 'pricer@atelier.test', firstName: 'Theo', lastName: 'Marchetti', role: 'pricer' },
] as const;

export interface ClientSeed {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  areaCode: string;
  comment?: string;
  /** Indexes into SKIN_TONES and HAIR_COLORS for the clients who have an avatar. */
  look?: { skin: number; hair: number; hairStyle: 'long' | 'bob' | 'short' };
  paymentMethod?: PaymentMethod;
  /** What this client mostly sends in, so their quotes match their stylist's notes. */
  sends?: Category;
  /** The offer this client takes when they accept one. */
  accepts?: OfferType;
}

/** The demo stylist's book. The first client is the one whose page shows a quote in every status. */
export const DEMO_CLIENTS: readonly ClientSeed[] = [
  {
    firstName: 'Olivia',
    lastName: 'Bennett',
    address: '245 E 72nd St, Apt 9C',
    city: 'New York',
    state: 'NY',
    postalCode: '10021',
    areaCode: '212',
    comment: 'Travels in August. Doorman building, so concierge pickup is easiest.',
    look: { skin: 0, hair: 3, hairStyle: 'long' },
    paymentMethod: 'paypal',
  },
  {
    firstName: 'Sofia',
    lastName: 'Martinez',
    address: '1500 Ocean Dr, Unit 1104',
    city: 'Miami Beach',
    state: 'FL',
    postalCode: '33139',
    areaCode: '305',
    comment: 'Collects vintage Hermès scarves; wants first look at new carrés.',
    sends: 'Scarves & Shawls',
  },
  {
    firstName: 'Amara',
    lastName: 'Okafor',
    address: '2100 N Lincoln Park W',
    city: 'Chicago',
    state: 'IL',
    postalCode: '60614',
    areaCode: '312',
    look: { skin: 4, hair: 5, hairStyle: 'short' },
  },
  {
    firstName: 'Charlotte',
    lastName: 'Whitfield',
    address: '9 Louisburg Sq',
    city: 'Boston',
    state: 'MA',
    postalCode: '02108',
    areaCode: '617',
    comment: 'Downsizing before a move to London in the spring. Only interested in buyout offers.',
    accepts: 'buyout',
  },
  {
    firstName: 'Mei',
    lastName: 'Chen',
    address: '2340 Pacific Ave',
    city: 'San Francisco',
    state: 'CA',
    postalCode: '94115',
    areaCode: '415',
    comment: 'Prefers text messages over email.',
  },
  {
    firstName: 'Isabella',
    lastName: 'Rossi',
    address: '415 N Canon Dr',
    city: 'Beverly Hills',
    state: 'CA',
    postalCode: '90210',
    areaCode: '310',
    look: { skin: 1, hair: 1, hairStyle: 'long' },
  },
  {
    firstName: 'Priya',
    lastName: 'Raman',
    address: '3015 Fairmount St',
    city: 'Dallas',
    state: 'TX',
    postalCode: '75201',
    areaCode: '214',
    comment: 'Quarterly closet edit; next one in March.',
  },
  {
    firstName: 'James',
    lastName: 'Whitaker',
    address: '1200 Western Ave, Apt 702',
    city: 'Seattle',
    state: 'WA',
    postalCode: '98101',
    areaCode: '206',
    comment: 'Watch collector; considering selling two pieces from his Rolex collection.',
    sends: 'Watches',
  },
  {
    firstName: 'Eleanor',
    lastName: 'Hughes',
    address: '3100 Peachtree Rd NE',
    city: 'Atlanta',
    state: 'GA',
    postalCode: '30305',
    areaCode: '404',
    comment: 'Prefers consignment; travels in August.',
    accepts: 'consignment',
  },
  {
    firstName: 'Natalia',
    lastName: 'Petrova',
    address: '55 Water St',
    city: 'Brooklyn',
    state: 'NY',
    postalCode: '11201',
    areaCode: '718',
    comment: 'Goes by Natasha. Keeps receipts and boxes for everything.',
  },
  {
    firstName: 'Harper',
    lastName: 'Lindqvist',
    address: '1650 Larimer St',
    city: 'Denver',
    state: 'CO',
    postalCode: '80202',
    areaCode: '303',
  },
  {
    firstName: 'Yasmin',
    lastName: 'Haddad',
    address: '2800 Post Oak Blvd',
    city: 'Houston',
    state: 'TX',
    postalCode: '77056',
    areaCode: '713',
    look: { skin: 2, hair: 0, hairStyle: 'bob' },
  },
  {
    firstName: 'Camila',
    lastName: 'Ortiz',
    address: '600 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
    areaCode: '512',
  },
  {
    firstName: 'Margaret',
    lastName: 'Sullivan',
    address: '210 W Rittenhouse Sq',
    city: 'Philadelphia',
    state: 'PA',
    postalCode: '19103',
    areaCode: '215',
    comment: 'Goes by Meg. Inherited pieces from her mother; sentimental about the jewelry.',
    sends: 'Jewelry',
  },
  {
    firstName: 'Aaliyah',
    lastName: 'Brooks',
    address: '1 Dupont Cir NW',
    city: 'Washington',
    state: 'DC',
    postalCode: '20036',
    areaCode: '202',
  },
  {
    firstName: 'Daniel',
    lastName: 'Park',
    address: '700 N Michigan Ave',
    city: 'Chicago',
    state: 'IL',
    postalCode: '60611',
    areaCode: '312',
  },
  {
    firstName: 'Hana',
    lastName: 'Takahashi',
    address: '1001 Alakea St',
    city: 'Honolulu',
    state: 'HI',
    postalCode: '96813',
    areaCode: '808',
    comment: 'Ship-to-warehouse only; no pickups on the island.',
  },
  {
    firstName: 'Victoria',
    lastName: 'Ashford',
    address: '250 Worth Ave',
    city: 'Palm Beach',
    state: 'FL',
    postalCode: '33480',
    areaCode: '561',
    comment: 'In Palm Beach December through April; Connecticut the rest of the year.',
  },
  {
    firstName: 'Lucía',
    lastName: 'Fernández',
    address: '3225 N Central Ave',
    city: 'Phoenix',
    state: 'AZ',
    postalCode: '85012',
    areaCode: '602',
  },
  {
    firstName: 'Danielle',
    lastName: 'Moreau',
    address: '624 Royal St',
    city: 'New Orleans',
    state: 'LA',
    postalCode: '70130',
    areaCode: '504',
  },
  {
    firstName: 'Serena',
    lastName: 'Walsh',
    address: '21 Federal St',
    city: 'Nantucket',
    state: 'MA',
    postalCode: '02554',
    areaCode: '508',
    comment: 'Summer client; reach her June through September.',
  },
  {
    firstName: 'Ingrid',
    lastName: 'Johansson',
    address: '800 Nicollet Mall',
    city: 'Minneapolis',
    state: 'MN',
    postalCode: '55402',
    areaCode: '612',
  },
  {
    firstName: 'Zoe',
    lastName: 'Papadopoulos',
    address: '401 Church St',
    city: 'Nashville',
    state: 'TN',
    postalCode: '37219',
    areaCode: '615',
  },
  {
    firstName: 'Rachel',
    lastName: 'Goldberg',
    address: '300 Central Park W',
    city: 'New York',
    state: 'NY',
    postalCode: '10024',
    areaCode: '917',
    comment: 'Referred by Olivia Bennett.',
  },
  {
    firstName: 'Adaeze',
    lastName: 'Nwosu',
    address: '5471 Wisconsin Ave',
    city: 'Chevy Chase',
    state: 'MD',
    postalCode: '20815',
    areaCode: '301',
    look: { skin: 5, hair: 5, hairStyle: 'bob' },
  },
  {
    firstName: 'Claire',
    lastName: 'Dubois',
    address: '1111 State St',
    city: 'Santa Barbara',
    state: 'CA',
    postalCode: '93101',
    areaCode: '805',
  },
  {
    firstName: 'Fiona',
    lastName: 'MacLeod',
    address: '700 SW 5th Ave',
    city: 'Portland',
    state: 'OR',
    postalCode: '97204',
    areaCode: '503',
  },
  {
    firstName: 'Marcus',
    lastName: 'Reid',
    address: '7014 E Camelback Rd',
    city: 'Scottsdale',
    state: 'AZ',
    postalCode: '85251',
    areaCode: '480',
    comment: 'Wants offers on the whole lot at once rather than piece by piece.',
  },
  {
    firstName: 'Leila',
    lastName: 'Farahani',
    address: '10250 Santa Monica Blvd',
    city: 'Los Angeles',
    state: 'CA',
    postalCode: '90067',
    areaCode: '310',
  },
  {
    firstName: 'Beatrice',
    lastName: 'Lam',
    address: '100 Greenwich Ave',
    city: 'Greenwich',
    state: 'CT',
    postalCode: '06830',
    areaCode: '203',
    paymentMethod: 'check',
  },
  {
    firstName: 'Nina',
    lastName: 'Alvarez',
    address: '900 Brickell Key Blvd',
    city: 'Miami',
    state: 'FL',
    postalCode: '33131',
    areaCode: '305',
  },
  {
    firstName: 'Theodora',
    lastName: 'Vance',
    address: '84 Broad St',
    city: 'Charleston',
    state: 'SC',
    postalCode: '29401',
    areaCode: '843',
    comment: 'Prefers a morning call before any pickup.',
  },
  {
    firstName: 'Keiko',
    lastName: 'Watanabe',
    address: '7825 Girard Ave',
    city: 'La Jolla',
    state: 'CA',
    postalCode: '92037',
    areaCode: '858',
  },
  {
    firstName: 'Evelyn',
    lastName: 'Carter',
    address: '600 E Main St',
    city: 'Aspen',
    state: 'CO',
    postalCode: '81611',
    areaCode: '970',
  },
  {
    firstName: 'Alexander',
    lastName: 'Grant',
    address: '1200 Morris Tpke',
    city: 'Short Hills',
    state: 'NJ',
    postalCode: '07078',
    areaCode: '973',
  },
  {
    firstName: 'Madeleine',
    lastName: 'Price',
    address: '4705 Central St',
    city: 'Kansas City',
    state: 'MO',
    postalCode: '64112',
    areaCode: '816',
    comment: 'Prefers consignment for handbags, buyout for shoes.',
  },
];

/** The second stylist's own book, so tests can prove one stylist never sees another's clients. */
export const OTHER_CLIENTS: readonly ClientSeed[] = [
  {
    firstName: 'Grace',
    lastName: 'Kim',
    address: '1420 Pine St',
    city: 'Seattle',
    state: 'WA',
    postalCode: '98101',
    areaCode: '206',
  },
  {
    firstName: 'Oliver',
    lastName: 'Hayes',
    address: '88 Beacon St',
    city: 'Boston',
    state: 'MA',
    postalCode: '02108',
    areaCode: '617',
    comment: 'Selling his late father’s watches.',
    sends: 'Watches',
  },
  {
    firstName: 'Rosa',
    lastName: 'Delgado',
    address: '3300 Bee Caves Rd',
    city: 'Austin',
    state: 'TX',
    postalCode: '78746',
    areaCode: '512',
  },
];

/** first.last@example.com without accents, so every address is plain ASCII. */
export function emailFor(client: Pick<ClientSeed, 'firstName' | 'lastName'>) {
  const plain = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${plain(client.firstName)}.${plain(client.lastName)}@example.com`;
}
