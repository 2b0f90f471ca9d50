import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { leanEndpoints } from './lean-endpoints.ts';

function lean(code: string): string | undefined {
  return leanEndpoints(code, parseSync('contract.ts', code).program);
}

const contract = `
const endpoints = (tag, definitions) => definitions;
const [A, B, Err] = ['A', 'B', 'Err'];
export const notes = { summary: 'not an endpoint' };
export const clientsApi = endpoints('clients', {
  listClients: {
    method: 'GET',
    path: '/api/stylist/clients',
    summary: 'The stylist’s clients — by last name',
    description: \`One page of \${30}\`,
    query: A,
    responses: { 200: B },
  },
  createClient: { summary: 'Register a client', method: 'POST', path: '/api/stylist/clients', body: A, access: 'stylist', responses: { 201: B, 409: Err } },
  uploadPhoto: { method: 'POST', path: '/api/stylist/photos', consumes: ['multipart/form-data'], multipartBody: A, responses: { 201: B }, hide: true },
});
`;

describe('leanEndpoints', () => {
  it('keeps only what the browser reads of each endpoint: method, path, answers, media type', async () => {
    const code = lean(contract);
    expect(code).toBeDefined();
    const module = (await import(`data:text/javascript,${encodeURIComponent(code ?? '')}`)) as {
      clientsApi: unknown;
      notes: unknown;
    };
    expect(module.clientsApi).toEqual({
      listClients: { method: 'GET', path: '/api/stylist/clients', responses: { 200: 'B' } },
      createClient: {
        method: 'POST',
        path: '/api/stylist/clients',
        responses: { 201: 'B', 409: 'Err' },
      },
      uploadPhoto: {
        method: 'POST',
        path: '/api/stylist/photos',
        consumes: ['multipart/form-data'],
        responses: { 201: 'B' },
      },
    });
    // An object outside an endpoints() call keeps every property.
    expect(module.notes).toEqual({ summary: 'not an endpoint' });
  });

  it('leaves a file that defines no endpoint as it is', () => {
    expect(lean(`export const A = { summary: 'x', method: 'GET' };`)).toBeUndefined();
  });
});
