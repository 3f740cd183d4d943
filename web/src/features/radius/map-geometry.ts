import { directions, EARTH_RADIUS_MILES, type GeoPoint } from '@dispatch/domain';
import type { GeoPermissibleObjects } from 'd3-geo';
import { geoAlbers, geoAlbersUsa, geoCircle, geoPath } from 'd3-geo';
import type { Sector } from './radius-results';

/**
 * The map of the radius 360 view, drawn offline: the states of us-atlas's states-albers-10m, which
 * are already projected with geoAlbersUsa at scale 1300 into a 975 × 610 frame, so no tile server
 * and no projection of the outlines at run time. Places are projected with the same projection.
 */
export const MAP_WIDTH = 975;
export const MAP_HEIGHT = 610;
const SCALE = 1300;
const TRANSLATE: [number, number] = [MAP_WIDTH / 2, MAP_HEIGHT / 2];

/** The lower 48 with Alaska and Hawaii inset, as the atlas is drawn. Null outside the three. */
const usProjection = geoAlbersUsa().scale(SCALE).translate(TRANSLATE);
/** The projection of the lower 48 without its clip: rings and sectors that reach past the border. */
const lower48 = geoAlbers().scale(SCALE).translate(TRANSLATE);

export type MapPoint = [x: number, y: number];

/** Where a place is drawn on the map; null when it is off the map (outside the states and DC). */
export function projectPoint(point: GeoPoint): MapPoint | null {
  const projected = usProjection([point.longitude, point.latitude]);
  return projected ? [projected[0], projected[1]] : null;
}

const DEGREES = Math.PI / 180;
const milesToDegrees = (miles: number) => (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);

/**
 * The point `miles` away from `from` on a constant compass course (a rhumb line), as the compass
 * points of the search are worked out (compassDirection): the sector edges follow such courses.
 */
export function rhumbDestination(from: GeoPoint, bearingDegrees: number, miles: number): GeoPoint {
  const delta = miles / EARTH_RADIUS_MILES;
  const theta = bearingDegrees * DEGREES;
  const phi1 = from.latitude * DEGREES;
  const limit = 89 * DEGREES;
  const phi2 = Math.max(-limit, Math.min(limit, phi1 + delta * Math.cos(theta)));
  const dPhi = phi2 - phi1;
  const dPsi = Math.log(Math.tan(Math.PI / 4 + phi2 / 2) / Math.tan(Math.PI / 4 + phi1 / 2));
  const q = Math.abs(dPsi) > 1e-12 ? dPhi / dPsi : Math.cos(phi1);
  const lambda = from.longitude * DEGREES + (delta * Math.sin(theta)) / q;
  return { latitude: phi2 / DEGREES, longitude: ((((lambda / DEGREES + 540) % 360) + 360) % 360) - 180 };
}

export interface RadiusGeometry {
  center: MapPoint;
  /** The radius ring's outline (path data). */
  ring: string;
  /** Each sector as a wedge reaching past the ring, to be clipped by it; and where its count goes. */
  sectors: { direction: Exclude<Sector, 'CENTER'>; wedge: string; label: MapPoint | null }[];
  /** The eight sector edges, from the city out past the ring. */
  edges: string[];
  /** The ring's bounding box on the map: [x0, y0, x1, y1]. */
  bounds: [number, number, number, number];
  /** The part of the map to show: the ring with a margin, in the map's proportions, within the map. */
  focus: ViewBox;
}

export type ViewBox = [x: number, y: number, width: number, height: number];
export const WHOLE_MAP: ViewBox = [0, 0, MAP_WIDTH, MAP_HEIGHT];

/**
 * The ring, the sectors and the view around a place. A place in the lower 48 draws them with the
 * unclipped conic projection (a wide ring runs off the map's edge rather than along a clip line);
 * one in Alaska or Hawaii with the inset's own.
 */
export function radiusGeometry(center: GeoPoint, radiusMiles: number): RadiusGeometry | null {
  const centerPoint = projectPoint(center);
  if (!centerPoint) return null;
  const inLower48 = (() => {
    const plain = lower48([center.longitude, center.latitude]);
    return !!plain && Math.hypot(plain[0] - centerPoint[0], plain[1] - centerPoint[1]) < 0.5;
  })();
  const projection = inLower48 ? lower48 : usProjection;
  const path = geoPath(projection);
  const circle = geoCircle()
    .center([center.longitude, center.latitude])
    .radius(milesToDegrees(radiusMiles))
    .precision(1)();
  const line = (points: GeoPoint[]): GeoPermissibleObjects => ({
    type: 'LineString',
    coordinates: points.map((point) => [point.longitude, point.latitude]),
  });
  const course = (bearing: number, miles: number, steps = 16) =>
    Array.from({ length: steps + 1 }, (_, step) => rhumbDestination(center, bearing, (miles * step) / steps));

  const reach = radiusMiles * 1.35;
  const sectors = directions.map((direction, index) => {
    const bearing = index * 45;
    const arc = Array.from({ length: 10 }, (_, step) =>
      rhumbDestination(center, bearing - 22.5 + step * 5, reach),
    );
    const outline = [...course(bearing - 22.5, reach), ...arc, ...course(bearing + 22.5, reach).reverse()];
    const wedge: GeoPermissibleObjects = {
      type: 'Polygon',
      // Out along one edge, clockwise round, back along the other to the city: d3 takes a clockwise
      // ring as the small side of the sphere.
      coordinates: [outline.map((point) => [point.longitude, point.latitude])],
    };
    const labelAt = projection(
      (({ longitude, latitude }) => [longitude, latitude] as [number, number])(
        rhumbDestination(center, bearing, radiusMiles * 0.62),
      ),
    );
    return {
      direction,
      wedge: path(wedge) ?? '',
      label: labelAt ? ([labelAt[0], labelAt[1]] as MapPoint) : null,
    };
  });
  const edges = directions.map((_, index) => path(line(course(index * 45 + 22.5, reach))) ?? '');
  const [[x0, y0], [x1, y1]] = path.bounds(circle);
  return {
    center: centerPoint,
    ring: path(circle) ?? '',
    sectors,
    edges,
    bounds: [x0, y0, x1, y1],
    focus: fitView(x0, y0, x1, y1),
  };
}

/**
 * The smallest view of the given proportions (width / height; the map's own by default, squarer on a
 * phone) holding the box with a margin, kept within the map; the whole map when it does not fit.
 */
export function fitView(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  margin = 0.12,
  aspect = MAP_WIDTH / MAP_HEIGHT,
): ViewBox {
  if (![x0, y0, x1, y1].every(Number.isFinite)) return WHOLE_MAP;
  const minimum = 140;
  let width = Math.max((x1 - x0) * (1 + 2 * margin), minimum);
  let height = Math.max((y1 - y0) * (1 + 2 * margin), minimum / aspect);
  if (width / height > aspect) height = width / aspect;
  else width = height * aspect;
  if (width > MAP_WIDTH || height > MAP_HEIGHT) return WHOLE_MAP;
  const clamp = (value: number, size: number, max: number) => Math.min(Math.max(value, 0), max - size);
  const x = clamp((x0 + x1) / 2 - width / 2, width, MAP_WIDTH);
  const y = clamp((y0 + y1) / 2 - height / 2, height, MAP_HEIGHT);
  return [x, y, width, height];
}
