// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAnswer } from '../../../testing/postings';
import { renderScreen, serveFetch } from '../../../testing/render-screen';
import { defaultLoadsSearch } from '../loads-search';
import { LoadsTable } from './loads-table';
import { PostLoad } from './post-load';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** docs/decisions.md#trucks-and-loads: rates read as money, by role, and a new load starts with both units. */

describe('the loads board', () => {
  it('reads rates as money with their unit, under the role names', async () => {
    const loads = [
      loadAnswer({
        id: 1,
        customerName: 'Prairie Grain',
        rateForTitan: 1.1,
        rateForTitanUnit: 'BUSHELS',
        rateForCarrier: 2400,
        rateForCarrierUnit: 'FLAT_RATE',
      }),
    ];
    const user = userEvent.setup();
    renderScreen(() => (
      <LoadsTable loads={loads} search={defaultLoadsSearch} orgSlug="acme" now={new Date()} onDelete={null} />
    ));
    await screen.findAllByRole('cell');
    // The carrier's rate is one click away in Columns (docs/decisions.md#board-columns).
    await user.click(screen.getByRole('button', { name: /Columns/ }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Carrier rate' }));
    await screen.findByRole('columnheader', { name: /Carrier rate/ });
    const row = document.querySelector('[data-load-id="1"]') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toContain('$1.10 / bushel');
    expect(cells).toContain('$2,400 flat');
    const heads = screen.getAllByRole('columnheader').map((head) => head.textContent);
    expect(heads).toEqual(expect.arrayContaining([expect.stringContaining('Our rate')]));
    expect(heads).toEqual(expect.arrayContaining([expect.stringContaining('Carrier rate')]));
    expect(document.body.textContent).not.toContain('Titan');
  });
});

// Typing a whole form takes seconds on a busy machine.
describe('the post load form', { timeout: 20_000 }, () => {
  const post = async () => {
    const seen = serveFetch((request) =>
      request.method === 'POST'
        ? { status: 201, body: loadAnswer({ id: 7, ...(request.body as object) }) }
        : { body: { success: true, data: [] } },
    );
    const user = userEvent.setup();
    renderScreen(() => <PostLoad organizationId="org-1" cancel={null} onPosted={() => {}} />);
    await user.selectOptions(await screen.findByLabelText('Trailer type'), 'FLATBED');
    await user.selectOptions(screen.getByLabelText('Product'), 'HEAVY');
    await user.selectOptions(screen.getByLabelText('Origin state'), 'IL');
    await user.type(screen.getByLabelText('Origin city'), 'Chicago');
    await user.selectOptions(screen.getByLabelText('Destination state'), 'IA');
    await user.type(screen.getByLabelText('Destination city'), 'Ames');
    await user.type(screen.getByLabelText('Dispatcher name'), 'Dana');
    await user.type(screen.getByLabelText('Dispatcher phone'), '3125550100');
    await user.type(screen.getByLabelText('Dispatcher email'), 'dana@example.com');
    // Only our rate is agreed; the carrier rate is left empty.
    await user.type(screen.getByLabelText('Our rate'), '1.1');
    return { seen, user };
  };
  const posted = (seen: { method: string; body: unknown }[]) =>
    seen.filter((request) => request.method === 'POST').map((request) => request.body);

  it('posts with one rate empty: both units start chosen, and no unit is asked for', async () => {
    const { seen, user } = await post();
    await user.click(screen.getByRole('button', { name: 'Post load' }));
    await expect.poll(() => posted(seen).length).toBe(1);
    expect(posted(seen)[0]).toMatchObject({
      rateForTitan: 1.1,
      rateForTitanUnit: 'TONS',
      rateForCarrier: null,
      rateForCarrierUnit: 'TONS',
    });
    expect(screen.queryByText(/unit is required/)).toBeNull();
  });

  it('starts with the units the organization last posted with, and remembers the ones it posts', async () => {
    window.localStorage.setItem(
      'dispatch.rateUnits.org-1',
      JSON.stringify({ rateForTitanUnit: 'BUSHELS', rateForCarrierUnit: 'FLAT_RATE' }),
    );
    const { seen, user } = await post();
    expect((screen.getByLabelText('Carrier rate unit') as HTMLSelectElement).value).toBe('FLAT_RATE');
    await user.selectOptions(screen.getByLabelText('Carrier rate unit'), 'TONS');
    await user.click(screen.getByRole('button', { name: 'Post load' }));
    await expect.poll(() => posted(seen).length).toBe(1);
    expect(posted(seen)[0]).toMatchObject({ rateForTitanUnit: 'BUSHELS', rateForCarrierUnit: 'TONS' });
    expect(JSON.parse(window.localStorage.getItem('dispatch.rateUnits.org-1') ?? 'null')).toEqual({
      rateForTitanUnit: 'BUSHELS',
      rateForCarrierUnit: 'TONS',
    });
  });
});
