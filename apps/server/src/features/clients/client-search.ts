import { isWordStartSearch } from '@atelier/contract';
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

/**
 * A word of names, email or phone starts with the term: what the prefix index of migration 0008
 * holds. Its keys are the stylist's id and a prefix, so this alone keeps to the stylist's clients
 * (and reads only their matches); words end at spaces and punctuation, so a term holding either
 * matches nothing.
 */
function aWordStartsWith(stylistId: number, term: string): SQL {
  return sql`client_search_prefixes(${clients.stylistId}, ${clients.searchText}) @> array[${String(stylistId)} || ' ' || lower(${term})]`;
}

/**
 * Names, email or phone contain the term (of 3 or more characters). A term typed as a phone number
 * in another format ("212.555.0101", "+1 212 555 0101") also matches on its digits.
 */
function containsTerm(term: string): SQL {
  let digits = term.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  const isPhoneLike = /^[\d\s().+-]+$/.test(term) && digits.length >= 3;
  if (isPhoneLike && digits !== term)
    return or(searchTextContains(term), searchTextContains(digits)) as SQL;
  return searchTextContains(term);
}

/**
 * One stylist's clients, narrowed by the search term when there is one: for 1-2 characters, a
 * word of names, email or phone starts with the term (a contact list's answer to one typed
 * letter, and one an index serves at any size); for 3 or more, they contain it.
 *
 * A short term's condition holds the stylist in its index keys, so `stylist_id = …` is left out:
 * given it, the planner intersects with all of the stylist's entries in the trigram index, which
 * costs more than reading the matches themselves.
 */
export function stylistClientsWhere(stylistId: number, search: string | undefined): SQL {
  const isStylists = eq(clients.stylistId, stylistId);
  if (search === undefined) return isStylists;
  if (isWordStartSearch(search)) return aWordStartsWith(stylistId, search);
  return and(isStylists, containsTerm(search)) as SQL;
}
