import { describe, expect, it } from 'vitest';
import {
  fitView,
  MAP_HEIGHT,
  MAP_WIDTH,
  projectPoint,
  radiusGeometry,
  rhumbDestination,
  WHOLE_MAP,
} from './map-geometry';

const chicago = { latitude: 41.8781, longitude: -87.6298 };

describe('the radius 360 map', () => {
  it('places the lower 48, Alaska and Hawaii in the frame, and nothing else', () => {
    for (const place of [
      chicago,
      { latitude: 61.2181, longitude: -149.9003 },
      { latitude: 21.3069, longitude: -157.8583 },
    ]) {
      const [x, y] = projectPoint(place) ?? [Number.NaN, Number.NaN];
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(MAP_WIDTH);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(MAP_HEIGHT);
    }
    expect(projectPoint({ latitude: 48.8566, longitude: 2.3522 })).toBeNull();
  });

  it('follows a constant compass course, as the search names its sectors', () => {
    const north = rhumbDestination(chicago, 0, 69.1);
    expect(north.latitude).toBeCloseTo(chicago.latitude + 1, 1);
    expect(north.longitude).toBeCloseTo(chicago.longitude, 6);
    // Due east on a rhumb line keeps the latitude (a great circle would bend north).
    const east = rhumbDestination(chicago, 90, 300);
    expect(east.latitude).toBeCloseTo(chicago.latitude, 6);
    expect(east.longitude).toBeGreaterThan(chicago.longitude + 5);
    const southWest = rhumbDestination(chicago, 225, 300);
    expect(southWest.latitude).toBeLessThan(chicago.latitude);
    expect(southWest.longitude).toBeLessThan(chicago.longitude);
    const here = rhumbDestination(chicago, 0, 0);
    expect(here.latitude).toBeCloseTo(chicago.latitude, 9);
    expect(here.longitude).toBeCloseTo(chicago.longitude, 9);
  });

  it('draws a ring, eight sectors and a view around the city', () => {
    const geometry = radiusGeometry(chicago, 200);
    expect(geometry?.ring).toMatch(/^M/);
    expect(geometry?.sectors.map((sector) => sector.direction)).toHaveLength(8);
    for (const sector of geometry?.sectors ?? []) expect(sector.wedge).toMatch(/^M/);
    const [x, y, width, height] = geometry?.focus ?? WHOLE_MAP;
    const [cx, cy] = geometry?.center ?? [0, 0];
    expect(width).toBeLessThan(MAP_WIDTH / 2);
    expect(width / height).toBeCloseTo(MAP_WIDTH / MAP_HEIGHT, 5);
    expect(cx).toBeGreaterThan(x);
    expect(cx).toBeLessThan(x + width);
    expect(cy).toBeGreaterThan(y);
    expect(cy).toBeLessThan(y + height);
    // North is up: the north sector's count sits above the city, the east one to its right.
    const label = (direction: string) =>
      geometry?.sectors.find((sector) => sector.direction === direction)?.label;
    expect(label('NORTH')?.[1]).toBeLessThan(cy);
    expect(label('EAST')?.[0]).toBeGreaterThan(cx);
  });

  it('shows the whole map for a ring wider than it', () => {
    expect(radiusGeometry({ latitude: 29.7604, longitude: -95.3698 }, 5000)?.focus).toEqual(WHOLE_MAP);
    expect(fitView(0, 0, 2000, 2000)).toEqual(WHOLE_MAP);
    expect(fitView(Number.NaN, 0, 1, 1)).toEqual(WHOLE_MAP);
  });
});

describe('the view around the city', () => {
  it('takes the proportions asked for: square on a phone', () => {
    const [, , width, height] = fitView(400, 200, 500, 300, 0.12, 1);
    expect(width).toBeCloseTo(height, 9);
    expect(width).toBeCloseTo(140, 9);
    const [x, y, w, h] = fitView(400, 200, 600, 300);
    expect(w / h).toBeCloseTo(MAP_WIDTH / MAP_HEIGHT, 9);
    expect(x).toBeLessThan(400);
    expect(y + h).toBeGreaterThan(300);
  });

  it('stays within the map near its edge', () => {
    const [x, y] = fitView(0, 0, 50, 50);
    expect(x).toBe(0);
    expect(y).toBe(0);
  });
});
