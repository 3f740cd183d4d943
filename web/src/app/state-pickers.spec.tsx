// @vitest-environment jsdom
import { truckCreateSchema } from '@dispatch/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RadiusPlaceForm } from '../features/radius/components/radius-place-form';
import { TruckForm } from '../features/trucks/components/truck-form';
import { emptyTruckForm } from '../features/trucks/truck-form-values';
import { renderScreen, serveFetch } from '../testing/render-screen';

afterEach(cleanup);

const listed = (picker: HTMLSelectElement) =>
  [...picker.options].filter((option) => option.value).map((option) => option.textContent);

describe('the state pickers', () => {
  it('list the 50 states and DC in one order, by name with the code beside it, on the post form and in radius search', async () => {
    serveFetch(() => ({ body: { success: true, data: [] } }));
    renderScreen(() => (
      <>
        <TruckForm
          schema={truckCreateSchema}
          defaultValues={emptyTruckForm(new Date('2026-03-02T12:00:00Z'))}
          submitLabel="Post truck"
          cancel={null}
          onSubmit={async () => {}}
        />
        <RadiusPlaceForm
          initial={{ state: '', city: '', radius: '100', searchType: 'trucks', around: 'origin' }}
          withKind={false}
          searching={false}
          onSearch={() => {}}
        />
      </>
    ));
    await screen.findByRole('button', { name: 'Post truck' });
    const [postForm, radius] = screen.getAllByLabelText('State') as HTMLSelectElement[];
    if (!postForm || !radius) throw new Error('two state pickers expected');
    const names = listed(postForm);
    expect(names).toHaveLength(51);
    expect(names.slice(0, 4)).toEqual(['Alabama (AL)', 'Alaska (AK)', 'Arizona (AZ)', 'Arkansas (AR)']);
    expect(names).toContain('District of Columbia (DC)');
    expect(listed(radius)).toEqual(names);
    expect([...radius.options].find((option) => option.textContent === 'Illinois (IL)')?.value).toBe('IL');
  });
});
