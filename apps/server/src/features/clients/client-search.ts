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
  // lower() as in the generated column. The pattern is a constant once bound, so pg_trgm's GIN
  // index serves it for terms of three characters or more.
  return sql`${clients.searchText} like lower(${`%${escapeLike(term)}%`}) escape '\\'`;
}

/**
 * Names, email or phone contain the term. A term typed as a phone number in another format
 * ("212.555.0101", "+1 212 555 0101") also matches on its digits.
 */
export function matchesSearch(term: string): SQL {
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
    search === undefined ? undefined : matchesSearch(search),
  ) as SQL;
}
