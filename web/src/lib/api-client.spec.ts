import { okAnswerSchema, trucksPageAnswerSchema } from '@dispatch/domain';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ANSWER_SHAPE,
  AnswerShapeError,
  ApiError,
  answerShapeErrorOf,
  buildUrl,
  noContent,
  request,
  toApiError,
} from './api-client';
import { forgetPositions, minPosition, notePosition } from './event-position';

describe('toApiError', () => {
  it('reads code, message and field errors of a validation failure', () => {
    const error = toApiError(400, {
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
      errors: { truckName: ['Truck name is required'], notes: 'Notes cannot be more than 500 characters' },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Invalid body parameters');
    expect(error.fieldErrors).toEqual({
      truckName: ['Truck name is required'],
      notes: ['Notes cannot be more than 500 characters'],
    });
  });

  it('falls back to a wording per status when the body says nothing', () => {
    expect(toApiError(409, undefined).code).toBe('CONFLICT');
    expect(toApiError(401, 'nope').message).toBe('Your session has ended. Sign in again.');
    expect(toApiError(502, null).code).toBe('SERVER_ERROR');
  });
});

describe('buildUrl', () => {
  it('leaves out empty values', () => {
    expect(
      buildUrl('/api/v1/trucks', { limit: 10, page: 0, search: '', status: undefined, sort: 'desc' }),
    ).toBe('/api/v1/trucks?limit=10&page=0&sort=desc');
    expect(buildUrl('/api/v1/trucks')).toBe('/api/v1/trucks');
  });
});

describe('request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetPositions();
  });

  const idAnswer = z.object({ id: z.number() });
  const listAnswer = z.object({ data: z.array(z.unknown()) });

  it('records the position of a command and sends it with the next read', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ id: 1 }), { status: 201, headers: { 'x-event-position': '42' } }),
      )
      .mockResolvedValueOnce(new Response(JSON.stringify({ data: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    await request('/api/v1/trucks', { method: 'POST', body: { truckName: 'A' }, answer: idAnswer });
    expect(minPosition()).toBe('42');
    await request('/api/v1/trucks', { answer: listAnswer });

    const [, postInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(postInit.credentials).toBe('include');
    expect(new Headers(postInit.headers).get('x-min-position')).toBeNull();
    const [, getInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(new Headers(getInit.headers).get('x-min-position')).toBe('42');
  });

  it('returns undefined for 204 and throws ApiError for failures', async () => {
    notePosition('3');
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response(null, { status: 204 }))
        .mockResolvedValueOnce(
          new Response(
            JSON.stringify({ success: false, code: 'CONFLICT', message: 'Changed by someone else' }),
            {
              status: 409,
            },
          ),
        ),
    );
    await expect(
      request('/api/v1/trucks/1?version=2', { method: 'DELETE', answer: noContent }),
    ).resolves.toBeUndefined();
    await expect(
      request('/api/v1/trucks/1', { method: 'PATCH', body: {}, answer: idAnswer }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Changed by someone else',
    });
  });

  it('sends a command with nothing to say as an empty JSON object, and a removal with no body', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await request('/api/v1/organization/delete', { method: 'POST', answer: noContent });
    await request('/api/v1/trucks/1', { method: 'DELETE', answer: noContent });
    const [, postInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(postInit.headers).get('content-type')).toBe('application/json');
    expect(postInit.body).toBe('{}');
    const [, deleteInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(new Headers(deleteInit.headers).get('content-type')).toBeNull();
    expect(deleteInit.body).toBeUndefined();
  });

  it('turns a network failure into an ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(request('/api/v1/trucks', { answer: listAnswer })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });
});

describe('request parses the answer with the schema it is given', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetPositions();
  });

  const answerWith = (body: unknown, init: ResponseInit = { status: 200 }) =>
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), init)),
    );

  const truck = {
    id: 7,
    trailerType: 'FLATBED',
    companyName: null,
    unitNumber: null,
    truckName: 'Night Owl',
    truckState: 'IL',
    truckCity: 'Chicago',
    preferedState: null,
    preferedCity: null,
    direction: null,
    status: true,
    availabilityDate: '2026-11-21T00:00:00.000Z',
    dispatcherName: 'Wendy Watcher',
    dispatcherCountryCode: '+1',
    dispatcherMobileNumber: '3125550100',
    dispatcherEmail: 'wendy@example.com',
    notes: null,
    createdBy: 'user-1',
    updatedBy: 'user-1',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
  };
  const trucksPage = {
    success: true,
    count: 1,
    totalCount: 1,
    totalCountExact: true,
    totalPages: 1,
    totalTrucksCreatedToday: 1,
    totalTrucksCreatedYesterday: 0,
    totalAvailableToday: 1,
    totalAvailableYesterday: 0,
    limit: 10,
    page: 0,
    data: [truck],
  };

  it('returns the parsed answer, typed by the schema', async () => {
    answerWith({ ...trucksPage, addedLater: 'ignored' });
    const page = await request('/api/v1/trucks', { search: { page: 0 }, answer: trucksPageAnswerSchema });
    expectTypeOf(page.data[0]?.truckName).toEqualTypeOf<string | undefined>();
    expect(page.data[0]?.truckName).toBe('Night Owl');
    expect(page.totalCount).toBe(1);
    // Objects are not strict: a field the server adds later breaks nothing (and is not kept).
    expect(page).not.toHaveProperty('addedLater');
  });

  it('raises a parse error naming the call and the field when a field is missing', async () => {
    const { truckName: _renamed, ...withoutName } = truck;
    answerWith({ ...trucksPage, data: [{ ...withoutName, name: 'Night Owl' }] });
    const failure = await request('/api/v1/trucks', {
      search: { page: 0, limit: 10 },
      answer: trucksPageAnswerSchema,
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AnswerShapeError);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      name: 'AnswerShapeError',
      code: ANSWER_SHAPE,
      call: 'GET /api/v1/trucks',
      // The status the server answered with: not 0, so it is not retried as a network failure.
      status: 200,
      message:
        'Unexpected answer from GET /api/v1/trucks: data.0.truckName: expected string, received undefined',
    });
    expect((failure as AnswerShapeError).issues).toHaveLength(1);
  });

  it('names a field of the wrong type, and counts the other wrong fields', async () => {
    answerWith({ ...trucksPage, totalCount: '1', page: null, totalPages: undefined });
    await expect(request('/api/v1/trucks', { answer: trucksPageAnswerSchema })).rejects.toThrow(
      'Unexpected answer from GET /api/v1/trucks: totalCount: expected number, received string (and 2 more fields)',
    );
  });

  it('names the method and leaves the query out of the call', async () => {
    answerWith({ success: false }, { status: 200 });
    await expect(
      request('/api/v1/organization/set-active?x=1', { method: 'POST', answer: okAnswerSchema }),
    ).rejects.toThrow('Unexpected answer from POST /api/v1/organization/set-active: success: expected true');
  });

  it('refuses an empty body where an answer is expected, and a body where none is', async () => {
    answerWith(undefined, { status: 204 });
    await expect(request('/api/v1/trucks/1', { answer: trucksPageAnswerSchema })).rejects.toThrow(
      'Unexpected answer from GET /api/v1/trucks/1: (the whole answer): expected object, received undefined',
    );
    answerWith({ id: 1 });
    await expect(request('/api/v1/trucks/1', { method: 'DELETE', answer: noContent })).rejects.toThrow(
      'Unexpected answer from DELETE /api/v1/trucks/1: (the whole answer): expected undefined, received object',
    );
  });

  it('records the position of a command even when its answer has an unexpected shape', async () => {
    answerWith({ unexpected: true }, { status: 201, headers: { 'x-event-position': '9' } });
    await expect(
      request('/api/v1/trucks', { method: 'POST', answer: z.object({ id: z.number() }) }),
    ).rejects.toBeInstanceOf(AnswerShapeError);
    expect(minPosition()).toBe('9');
  });

  it('reads a refusal as an ApiError, never with the answer schema', async () => {
    answerWith({ success: false, code: 'NOT_FOUND', message: 'Truck not found' }, { status: 404 });
    const failure = await request('/api/v1/trucks/9', { answer: trucksPageAnswerSchema }).catch(
      (error: unknown) => error,
    );
    expect(failure).not.toBeInstanceOf(AnswerShapeError);
    expect(failure).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Truck not found' });
  });

  it('requires every call to state the answer it expects', () => {
    // Only the type checker (npm run typecheck) runs this: a call without `answer` does not compile.
    const unchecked = () =>
      // @ts-expect-error `answer` is required
      request('/api/v1/trucks', { method: 'GET' });
    // @ts-expect-error so are the options that carry it
    const bare = () => request('/api/v1/trucks');
    expect([unchecked, bare]).toHaveLength(2);
  });
});

describe('answerShapeErrorOf', () => {
  it('finds the parse error itself or behind the error that wraps it', () => {
    const shape = new AnswerShapeError('GET /api/auth/admin/list-users', 200, []);
    expect(answerShapeErrorOf(shape)).toBe(shape);
    expect(answerShapeErrorOf(new Error('Error listing users', { cause: shape }))).toBe(shape);
    expect(answerShapeErrorOf(new ApiError(500, 'SERVER_ERROR', 'Something went wrong'))).toBeUndefined();
    expect(answerShapeErrorOf(undefined)).toBeUndefined();
  });
});
