// @vitest-environment jsdom
import { type TruckInput, truckEditSchema } from '@dispatch/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { truckAnswer } from '../../../testing/postings';
import { renderScreen, serveFetch } from '../../../testing/render-screen';
import { emptyTruckForm } from '../truck-form-values';
import { defaultTrucksSearch } from '../trucks-search';
import { TruckForm } from './truck-form';
import { TrucksTable } from './trucks-table';

afterEach(cleanup);

/** docs/decisions.md#places: a state is one of the 50 and DC; a city the map does not know is marked. */

describe('the trucks board', () => {
  it('marks a truck whose city the map does not know, with a label screen readers read', async () => {
    const trucks = [
      truckAnswer({ id: 1, truckName: 'Known', truckState: 'ND', truckCity: 'Enderlin', onMap: true }),
      truckAnswer({
        id: 2,
        truckName: 'Lost',
        truckState: 'ND',
        truckCity: 'Nowhere Such Place',
        onMap: false,
      }),
    ];
    renderScreen(() => (
      <TrucksTable
        trucks={trucks}
        search={defaultTrucksSearch}
        orgSlug="acme"
        now={new Date()}
        onDelete={null}
      />
    ));
    const row = (name: string) =>
      (screen.getByText(name).closest('[data-truck-id]') ?? screen.getByText(name)) as HTMLElement;
    await screen.findByText('Lost');
    const mark = within(row('Lost')).getByRole('img', { name: 'Not on the map' });
    expect(mark.closest('td')?.textContent).toContain('Nowhere Such Place, ND');
    expect(within(row('Known')).queryByRole('img', { name: 'Not on the map' })).toBeNull();
  });
});

describe('the truck form', () => {
  const filled = {
    ...emptyTruckForm(new Date('2026-03-02T12:00:00Z')),
    trailerType: 'FLATBED',
    truckName: 'Old Record',
    truckState: 'XX',
    truckCity: 'Enderlin',
    dispatcherName: 'Dana',
    dispatcherMobileNumber: '3125550100',
    dispatcherEmail: 'dana@example.com',
  };

  it('picks the state among the 50 states and DC, and asks for a real one in place of a stored odd one', async () => {
    serveFetch(() => ({ body: { success: true, data: [] } }));
    const submitted: TruckInput[] = [];
    const user = userEvent.setup();
    renderScreen(() => (
      <TruckForm
        schema={truckEditSchema}
        defaultValues={filled}
        submitLabel="Save changes"
        cancel={null}
        onSubmit={async (values) => {
          submitted.push(values);
        }}
      />
    ));
    const picker = (await screen.findByLabelText('State')) as HTMLSelectElement;
    const codes = [...picker.options].map((option) => option.value).filter(Boolean);
    // The 51 places of the list, and the stored value as it was written, still shown.
    expect(codes).toHaveLength(52);
    expect(codes).toContain('DC');
    expect(picker.value).toBe('XX');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Truck state must be a US state or DC')).toBeTruthy();
    expect(submitted).toEqual([]);

    await user.selectOptions(picker, 'ND');
    await user.type(screen.getByLabelText('City'), 'Enderlin');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await expect.poll(() => submitted.length).toBe(1);
    expect(submitted[0]).toMatchObject({ truckState: 'ND', truckCity: 'Enderlin' });
    expect(screen.queryByText('Truck state must be a US state or DC')).toBeNull();
  });
});
