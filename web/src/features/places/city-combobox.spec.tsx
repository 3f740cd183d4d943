// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen, serveFetch } from '../../testing/render-screen';
import { CityCombobox } from './city-combobox';

afterEach(cleanup);

const place = (name: string, latitude: number, population: number) => ({
  name,
  state: 'ME',
  latitude,
  longitude: -68.7,
  population,
});
const portland = place('Portland', 43.66, 68_408);
const bangor = place('Bangor', 44.8, 31_753);
const bancroft = place('Bancroft', 45.6, 40);

/** The field as a form holds it: the city typed or picked. */
function Field() {
  const [city, setCity] = useState('');
  return (
    <CityCombobox
      state="ME"
      value={city}
      onPick={setCity}
      inputProps={{
        id: 'city',
        'aria-label': 'City',
        value: city,
        onChange: (event) => setCity(event.target.value),
      }}
    />
  );
}

describe('the city picker', () => {
  it('keeps the place one moved to active when the answer for the text typed arrives, and Enter picks it', async () => {
    // Asked with nothing typed yet, the state's largest places; asked for "ban", the places so named.
    const seen = serveFetch((request) => {
      const search = new URL(request.path, 'http://localhost').searchParams.get('search');
      return { body: { success: true, data: search === 'ban' ? [bancroft, bangor] : [portland, bangor] } };
    });
    renderScreen(() => <Field />);
    const city = (await screen.findByLabelText('City')) as HTMLInputElement;

    fireEvent.change(city, { target: { value: 'ban' } });
    // The earlier answer, narrowed to what is typed: Bangor alone. The arrow makes it active.
    await screen.findByRole('option', { name: /Bangor/ });
    fireEvent.keyDown(city, { key: 'ArrowDown' });
    await waitFor(() => expect(city.getAttribute('aria-activedescendant')).toBe('city-places-0'));

    // The answer for "ban" comes while Bangor is active: Bancroft is now above it.
    await waitFor(() => expect(seen.some((request) => request.path.includes('search=ban'))).toBe(true));
    await screen.findByRole('option', { name: /Bancroft/ });
    const active = city.getAttribute('aria-activedescendant');
    expect(active).toBe('city-places-1');
    expect(document.getElementById(String(active))?.textContent).toContain('Bangor');

    act(() => {
      fireEvent.keyDown(city, { key: 'Enter' });
    });
    await waitFor(() => expect(city.value).toBe('Bangor'));
    expect(city.getAttribute('aria-expanded')).toBe('false');
  });

  it('leaves nothing active when the active place is no longer suggested', async () => {
    serveFetch(() => ({ body: { success: true, data: [portland, bangor] } }));
    renderScreen(() => <Field />);
    const city = (await screen.findByLabelText('City')) as HTMLInputElement;
    fireEvent.change(city, { target: { value: 'p' } });
    await screen.findByRole('option', { name: /Portland/ });
    fireEvent.keyDown(city, { key: 'ArrowDown' });
    await waitFor(() => expect(city.getAttribute('aria-activedescendant')).toBe('city-places-0'));

    fireEvent.change(city, { target: { value: 'b' } });
    await screen.findByRole('option', { name: /Bangor/ });
    expect(city.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(city, { key: 'Enter' });
    expect(city.value).toBe('b');
  });
});
