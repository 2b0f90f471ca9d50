/**
 * PostgreSQL's `text` and `jsonb` cannot hold U+0000, so no text Atelier keeps may carry it: the
 * one rule every field, query parameter and form field is held to (the server applies it once,
 * to every request, before any schema).
 */
export const UNSTORABLE_TEXT_MESSAGE = 'Remove the invisible NUL character (U+0000).';

const NUL = '\u0000';

/**
 * The dotted paths in `value` whose text holds U+0000: a string value, or an object's key
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
      if (item.includes(NUL)) found.push(path || '_');
    } else if (Array.isArray(item)) {
      item.forEach((entry, index) =>
        pending.push([path ? `${path}.${index}` : String(index), entry]),
      );
    } else if (item !== null && typeof item === 'object') {
      for (const [key, entry] of Object.entries(item)) {
        const child = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) found.push(child);
        else pending.push([child, entry]);
      }
    }
  }
  return found.sort();
}
