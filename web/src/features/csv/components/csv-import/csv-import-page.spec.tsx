// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen, serveFetch } from '../../../../testing/render-screen';
import { CsvImportPage } from './csv-import-page';

afterEach(cleanup);

const csv = 'originCity,originState\nAustin,TX\n,TX\n';

describe('CsvImportPage', () => {
  it('checks a picked file, shows its valid and invalid rows, then posts the valid ones and sums up', async () => {
    const seen = serveFetch(({ path }) => {
      if (path === '/api/v1/trucks/import/preview') {
        return {
          body: {
            success: true,
            rows: [
              {
                line: 2,
                valid: true,
                errors: {},
                values: { originCity: 'Austin', originState: 'TX' },
                onBoard: { id: 7, by: 'id' },
              },
              {
                line: 3,
                valid: false,
                errors: { originCity: ['Origin city is required'] },
                values: { originState: 'TX' },
                onBoard: null,
              },
            ],
            validCount: 1,
            invalidCount: 1,
            onBoardCount: 1,
          },
        };
      }
      if (path === '/api/v1/trucks/import') {
        return {
          body: {
            success: true,
            posted: [{ line: 2, id: 41 }],
            skipped: [],
            invalid: [{ line: 3, errors: { originCity: ['Origin city is required'] } }],
          },
        };
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found', errors: {} } };
    });
    const user = userEvent.setup();
    renderScreen(() => <CsvImportPage kind="trucks" orgSlug="acme" />);

    await user.upload(
      await screen.findByLabelText('Choose a CSV file'),
      new File([csv], 'trucks.csv', { type: 'text/csv' }),
    );

    expect(await screen.findByTestId('preview-counts')).toHaveProperty(
      'textContent',
      '2 rows: 1 valid, 1 invalid',
    );
    expect(screen.getByText('trucks.csv')).toBeTruthy();
    expect(screen.getByTestId('preview-on-board').textContent).toMatch(/^1 row is already on the board/);
    expect(screen.getByText('Already on the board (#7): not posted again')).toBeTruthy();
    expect(seen[0]).toEqual({ method: 'POST', path: '/api/v1/trucks/import/preview', body: { csv } });

    const lines = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstElementChild?.textContent);
    expect(lines()).toEqual(['2', '3']);
    await user.click(screen.getByRole('button', { name: 'Show only invalid rows' }));
    expect(lines()).toEqual(['3']);
    await user.click(screen.getByRole('button', { name: 'Show every row' }));
    expect(lines()).toEqual(['2', '3']);

    await user.click(screen.getByRole('button', { name: 'Post 1 valid row' }));

    const summary = await screen.findByTestId('import-summary');
    expect(within(summary).getByText('Posted').parentElement?.textContent).toContain('1');
    expect(screen.getByRole('heading', { name: 'Import finished' })).toBeTruthy();
    expect(screen.getByText('Line 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the trucks board' }).getAttribute('href')).toBe(
      '/acme/trucks',
    );
  });

  it('shows the server refusal of a file and posts nothing', async () => {
    const seen = serveFetch(() => ({
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', message: 'The file has no header line', errors: {} },
    }));
    const user = userEvent.setup();
    renderScreen(() => <CsvImportPage kind="loads" orgSlug="acme" />);

    await user.upload(
      await screen.findByLabelText('Choose a CSV file'),
      new File(['x'], 'loads.csv', { type: 'text/csv' }),
    );

    expect((await screen.findByRole('alert')).textContent).toContain('The file has no header line');
    expect(screen.queryByTestId('preview-counts')).toBeNull();
    expect(seen.map((request) => request.path)).toEqual(['/api/v1/loads/import/preview']);
  });
});
