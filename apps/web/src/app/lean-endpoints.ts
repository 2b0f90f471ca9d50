import type { ESTree } from 'vite';

/**
 * What the browser reads of an endpoint object (packages/contract/src/endpoint.ts): its method,
 * its path, its operationId and its answers' schemas (`api` in src/lib/api-client.ts). The rest
 * of a definition is for the server and the API document: the summary and description, who may
 * call it, and the schemas the server checks the request by (a form that checks its input imports
 * its schema itself).
 */
const KEPT = new Set(['method', 'path', 'responses', 'consumes']);

type Range = readonly [start: number, end: number];

function keyName(property: ESTree.ObjectExpression['properties'][number]): string | undefined {
  if (property.type !== 'Property' || property.computed) return undefined;
  return property.key.type === 'Identifier' ? property.key.name : undefined;
}

/** The spans of `object`'s properties the browser does not read, each with its comma. */
function unreadProperties(object: ESTree.ObjectExpression): Range[] {
  const { properties } = object;
  return properties.flatMap((property, index): Range[] => {
    const name = keyName(property);
    if (name === undefined || KEPT.has(name)) return [];
    const next = properties[index + 1];
    if (next) return [[property.start, next.start]];
    const previous = properties[index - 1];
    return [[previous ? previous.end : property.start, property.end]];
  });
}

/** Every `endpoints(tag, { name: { … } })` call's definitions in `node` and below. */
function definitionsIn(node: unknown, found: ESTree.ObjectExpression[] = []) {
  if (!node || typeof node !== 'object') return found;
  if (Array.isArray(node)) {
    for (const child of node) definitionsIn(child, found);
    return found;
  }
  const call = node as ESTree.CallExpression;
  const definitions = call.arguments?.[1];
  if (
    call.type === 'CallExpression' &&
    call.callee.type === 'Identifier' &&
    call.callee.name === 'endpoints' &&
    definitions?.type === 'ObjectExpression'
  ) {
    for (const entry of definitions.properties) {
      if (entry.type === 'Property' && entry.value.type === 'ObjectExpression') {
        found.push(entry.value);
      }
    }
    return found;
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'parent') definitionsIn(child, found);
  }
  return found;
}

/**
 * `code` (JavaScript) with every endpoint definition cut down to what the browser reads, or
 * `undefined` when it defines none. For the web build only: the server registers its routes and
 * writes the API document from the whole objects.
 */
export function leanEndpoints(code: string, program: ESTree.Program): string | undefined {
  const cuts = definitionsIn(program.body)
    .flatMap(unreadProperties)
    .sort((a, b) => b[0] - a[0]);
  if (cuts.length === 0) return undefined;
  let lean = code;
  for (const [start, end] of cuts) lean = lean.slice(0, start) + lean.slice(end);
  return lean;
}
