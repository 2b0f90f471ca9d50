/**
 * Text PostgreSQL cannot keep as sent: U+0000 (refused by `text` and `jsonb`) and a lone UTF-16
 * surrogate (valid in a JSON string as `\ud800`, refused by `jsonb`, turned into U+FFFD by
 * `text`). No text Atelier keeps may carry either: the one rule every field, query parameter and
 * form field is held to (the server applies it once, to every request, before any schema).
 */
export const UNSTORABLE_TEXT_MESSAGE =
  'Remove the character that cannot be stored: U+0000 (NUL) or half of a UTF-16 surrogate pair.';

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what the rule refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The dotted paths in `value` whose text cannot be stored: a string value, or an object's key
 * (`_` for `value` itself). Walked without recursion, so a deeply nested body cannot overflow
 * the stack.
 */
export function unstorableTextPaths(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const found: string[] = [];
  const pending: [path: string, value: unknown][] = [['', value]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [path, item] = next;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) found.push(path || '_');
    } else if (Array.isArray(item)) {
      item.forEach((entry, index) =>
        pending.push([path ? `${path}.${index}` : String(index), entry]),
      );
    } else if (item !== null && typeof item === 'object') {
      for (const [key, entry] of Object.entries(item)) {
        const child = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) found.push(child);
        else pending.push([child, entry]);
      }
    }
  }
  return found.sort();
}
