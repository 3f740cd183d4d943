import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, request, toApiError } from './api-client';
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

  it('records the position of a command and sends it with the next read', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ id: 1 }), { status: 201, headers: { 'x-event-position': '42' } }),
      )
      .mockResolvedValueOnce(new Response(JSON.stringify({ data: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    await request('/api/v1/trucks', { method: 'POST', body: { truckName: 'A' } });
    expect(minPosition()).toBe('42');
    await request('/api/v1/trucks');

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
    await expect(request('/api/v1/trucks/1?version=2', { method: 'DELETE' })).resolves.toBeUndefined();
    await expect(request('/api/v1/trucks/1', { method: 'PATCH', body: {} })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Changed by someone else',
    });
  });

  it('sends a command with nothing to say as an empty JSON object, and a removal with no body', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await request('/api/v1/organization/delete', { method: 'POST' });
    await request('/api/v1/trucks/1', { method: 'DELETE' });
    const [, postInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(postInit.headers).get('content-type')).toBe('application/json');
    expect(postInit.body).toBe('{}');
    const [, deleteInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(new Headers(deleteInit.headers).get('content-type')).toBeNull();
    expect(deleteInit.body).toBeUndefined();
  });

  it('turns a network failure into an ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(request('/api/v1/trucks')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
