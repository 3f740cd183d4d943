import { describe, expect, it } from 'vitest';
import { loadsSearchSchema } from './loads-search';

describe('loads board filters in the address', () => {
  it('keeps every filter the API accepts', () => {
    expect(
      loadsSearchSchema.parse({
        search: 'prairie',
        trailerType: ['FLATBED'],
        product: 'HEAVY,LIGHT',
        createdBy: 'user-1',
        startDate: '2026-11-01',
        endDate: '2026-11-30T23:59:59.999Z',
        dateOperation: 'gt',
        dateField: 'availableDate',
      }),
    ).toMatchObject({
      page: 0,
      search: 'prairie',
      trailerType: ['FLATBED'],
      product: ['HEAVY', 'LIGHT'],
      createdBy: 'user-1',
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-11-30T23:59:59.999Z',
      dateOperation: 'gt',
      dateField: 'availableDate',
    });
  });

  it('drops a filter the API would refuse and keeps the rest', () => {
    const search = loadsSearchSchema.parse({ product: 'GRAVEL', startDate: 'soon', search: 'x', page: 2 });
    expect(search).toMatchObject({ page: 2, search: 'x' });
    expect(search.product).toBeUndefined();
    expect(search.startDate).toBeUndefined();
  });
});
