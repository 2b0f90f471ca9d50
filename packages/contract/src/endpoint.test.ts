import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { endpointUrl, endpoints, successSchema } from './endpoint.ts';

const api = endpoints('things', {
  getThing: {
    method: 'GET',
    path: '/api/owners/:ownerId/things/:thingId',
    summary: 'One thing',
    responses: { 200: z.object({ id: z.number() }), 404: z.object({ message: z.string() }) },
  },
  createThing: {
    method: 'POST',
    path: '/api/things',
    tags: ['back office'],
    summary: 'A new thing',
    body: z.object({ name: z.string() }),
    responses: { 400: z.object({ message: z.string() }), 201: z.object({ id: z.number() }) },
  },
  listNothing: {
    method: 'GET',
    path: '/api/nothing',
    summary: 'Answers only errors',
    responses: { 404: z.object({ message: z.string() }) },
  },
});

describe('endpoints', () => {
  test('each is named by its key as operationId, and tagged by its group unless it says', () => {
    expect(api.getThing.operationId).toBe('getThing');
    expect(api.getThing.tags).toEqual(['things']);
    expect(api.createThing.tags).toEqual(['back office']);
  });

  test('a path takes its parameters encoded, and the query skips what is unset', () => {
    expect(endpointUrl(api.getThing, { ownerId: 7, thingId: 'a b/c' })).toBe(
      '/api/owners/7/things/a%20b%2Fc',
    );
    expect(
      endpointUrl(api.createThing, undefined, { name: 'Hermès', page: 2, gone: undefined }),
    ).toBe('/api/things?name=Herm%C3%A8s&page=2');
    expect(() => endpointUrl(api.getThing, { ownerId: 7 })).toThrow(/thingId/);
  });

  test('the successful answer is the first 2xx the endpoint declares', () => {
    expect(successSchema(api.createThing)).toBe(api.createThing.responses[201]);
    expect(successSchema(api.getThing).parse({ id: 3 })).toEqual({ id: 3 });
    expect(() => successSchema(api.listNothing)).toThrow(/listNothing/);
  });
});
