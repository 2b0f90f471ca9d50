import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { clients } from '../../db/schema.ts';

/** The list's order, which clients_stylist_name_idx serves; the id keeps pages from overlapping. */
export const CLIENT_LIST_ORDER = [
  sql`lower(${clients.lastName})`,
  sql`lower(${clients.firstName})`,
  clients.id,
];

/** `\`, `%` and `_` in a search term match themselves, not as LIKE wildcards. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, '\\$&');
}

function searchTextContains(term: string): SQL {
  // lower() as in the generated column. The pattern is a constant once bound, so the stylist's
  // trigram index (stylist id and trigrams, with btree_gin) serves it for 3+ characters.
  return sql`${clients.searchText} like lower(${`%${escapeLike(term)}%`}) escape '\\'`;
}

/** Terms this short match the start of a word; longer ones match anywhere (see matchesSearch). */
export const SHORT_TERM_MAX_LENGTH = 2;

function isShortTerm(term: string): boolean {
  return [...term].length <= SHORT_TERM_MAX_LENGTH;
}

/**
 * A word of names, email or phone starts with the term: what the prefix index of migration 0008
 * holds, keyed by stylist so that its entries are this stylist's matches alone. Words end at
 * spaces and punctuation, so a term holding either matches nothing.
 */
function aWordStartsWith(stylistId: number, term: string): SQL {
  return sql`client_search_prefixes(${clients.stylistId}, ${clients.searchText}) @> array[${String(stylistId)} || ' ' || lower(${term})]`;
}

/**
 * For 1-2 characters, a word of names, email or phone starts with the term (a contact list's
 * answer to one typed letter, and one an index serves at any size); for 3 or more, names, email
 * or phone contain the term. A term typed as a phone number in another format
 * ("212.555.0101", "+1 212 555 0101") also matches on its digits.
 */
export function matchesSearch(stylistId: number, term: string): SQL {
  if (isShortTerm(term)) return aWordStartsWith(stylistId, term);
  let digits = term.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  const isPhoneLike = /^[\d\s().+-]+$/.test(term) && digits.length >= 3;
  if (isPhoneLike && digits !== term)
    return or(searchTextContains(term), searchTextContains(digits)) as SQL;
  return searchTextContains(term);
}

/** One stylist's clients, narrowed by the search term when there is one. */
export function stylistClientsWhere(stylistId: number, search: string | undefined): SQL {
  return and(
    eq(clients.stylistId, stylistId),
    search === undefined ? undefined : matchesSearch(stylistId, search),
  ) as SQL;
}
