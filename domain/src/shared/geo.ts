/** A point on the earth (WGS 84 degrees). */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** The mean earth radius in statute miles: every distance of the product is measured with it. */
export const EARTH_RADIUS_MILES = 3958.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function greatCircleMiles(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles rounded to a tenth, as the radius search answers them. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;
