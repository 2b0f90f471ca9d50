import { isWordStartSearch } from '@atelier/contract';
import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
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

/** How a search narrows a stylist's clients: each kind is one SQL text, its values bound per call. */
export type SearchKind = 'all' | 'wordStart' | 'contains' | 'containsOrDigits';
export const SEARCH_KINDS: readonly SearchKind[] = [
  'all',
  'wordStart',
  'contains',
  'containsOrDigits',
];

/** What a search binds; a kind uses some of them. */
export type SearchValues = {
  stylistId: number;
  /** The stylist's id as text: the first part of a prefix key. */
  stylistKey: string;
  /** A 1-2 character term, as typed. */
  term: string;
  /** LIKE patterns of a 3+ character term, and of its digits when it is typed as a phone number. */
  pattern: string;
  digitsPattern: string;
};

type Bound = { [Key in keyof SearchValues]: SearchValues[Key] | Placeholder };

/** The kind of a search and its values. */
export function clientSearch(
  stylistId: number,
  search: string | undefined,
): { kind: SearchKind; values: SearchValues } {
  const values = {
    stylistId,
    stylistKey: String(stylistId),
    term: '',
    pattern: '',
    digitsPattern: '',
  };
  if (search === undefined) return { kind: 'all', values };
  if (isWordStartSearch(search)) return { kind: 'wordStart', values: { ...values, term: search } };
  // A term typed as a phone number in another format ("212.555.0101", "+1 212 555 0101") also
  // matches on its digits.
  let digits = search.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  const isPhoneLike = /^[\d\s().+-]+$/.test(search) && digits.length >= 3;
  const pattern = `%${escapeLike(search)}%`;
  if (isPhoneLike && digits !== search) {
    return {
      kind: 'containsOrDigits',
      values: { ...values, pattern, digitsPattern: `%${escapeLike(digits)}%` },
    };
  }
  return { kind: 'contains', values: { ...values, pattern } };
}

function searchTextLike(pattern: string | Placeholder): SQL {
  // lower() as in the generated column. The pattern is a constant once bound, so the stylist's
  // trigram index (stylist id and trigrams, with btree_gin) serves it for 3+ characters.
  return sql`${clients.searchText} like lower(${pattern}) escape '\\'`;
}

/**
 * One stylist's clients, narrowed by the search term when there is one: for 1-2 characters, a
 * word of names, email or phone starts with the term (a contact list's answer to one typed
 * letter, and one an index serves at any size); for 3 or more, they contain it.
 *
 * A word start is what the prefix index of migration 0008 holds. Its keys are the stylist's id
 * and a prefix, so this alone keeps to the stylist's clients (and reads only their matches);
 * words end at spaces and punctuation, so a term holding either matches nothing. Given
 * `stylist_id = …` too, the planner intersects with all of the stylist's entries in the trigram
 * index, which costs more than reading the matches themselves: it is left out.
 */
function searchCondition(kind: SearchKind, bound: Bound): SQL {
  const isStylists = eq(clients.stylistId, bound.stylistId);
  switch (kind) {
    case 'all':
      return isStylists;
    case 'wordStart':
      return sql`client_search_prefixes(${clients.stylistId}, ${clients.searchText}) @> array[${bound.stylistKey} || ' ' || lower(${bound.term})]`;
    case 'contains':
      return and(isStylists, searchTextLike(bound.pattern)) as SQL;
    case 'containsOrDigits':
      return and(
        isStylists,
        or(searchTextLike(bound.pattern), searchTextLike(bound.digitsPattern)),
      ) as SQL;
  }
}

/** The condition of a search with its values in the SQL. */
export function stylistClientsWhere(stylistId: number, search: string | undefined): SQL {
  const { kind, values } = clientSearch(stylistId, search);
  return searchCondition(kind, values);
}

/** The condition of a kind of search with placeholders for its values, for a reused statement. */
export function searchConditionOf(kind: SearchKind): SQL {
  return searchCondition(kind, {
    stylistId: sql.placeholder('stylistId'),
    stylistKey: sql.placeholder('stylistKey'),
    term: sql.placeholder('term'),
    pattern: sql.placeholder('pattern'),
    digitsPattern: sql.placeholder('digitsPattern'),
  });
}
