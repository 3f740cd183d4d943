/**
 * US cities the demo data and the city pickers use, with their coordinates (WGS 84).
 * The radius search issue widens this to a full gazetteer.
 */
export interface UsCity {
  city: string;
  state: string;
  lat: number;
  lng: number;
}

const rows: [string, string, number, number][] = [
  ['New York', 'NY', 40.7128, -74.006],
  ['Buffalo', 'NY', 42.8864, -78.8784],
  ['Los Angeles', 'CA', 34.0522, -118.2437],
  ['Fresno', 'CA', 36.7378, -119.7871],
  ['Sacramento', 'CA', 38.5816, -121.4944],
  ['San Diego', 'CA', 32.7157, -117.1611],
  ['Chicago', 'IL', 41.8781, -87.6298],
  ['Peoria', 'IL', 40.6936, -89.589],
  ['Springfield', 'IL', 39.7817, -89.6501],
  ['Houston', 'TX', 29.7604, -95.3698],
  ['Dallas', 'TX', 32.7767, -96.797],
  ['San Antonio', 'TX', 29.4241, -98.4936],
  ['Amarillo', 'TX', 35.222, -101.8313],
  ['Lubbock', 'TX', 33.5779, -101.8552],
  ['El Paso', 'TX', 31.7619, -106.485],
  ['Phoenix', 'AZ', 33.4484, -112.074],
  ['Tucson', 'AZ', 32.2226, -110.9747],
  ['Philadelphia', 'PA', 39.9526, -75.1652],
  ['Pittsburgh', 'PA', 40.4406, -79.9959],
  ['Jacksonville', 'FL', 30.3322, -81.6557],
  ['Miami', 'FL', 25.7617, -80.1918],
  ['Tampa', 'FL', 27.9506, -82.4572],
  ['Columbus', 'OH', 39.9612, -82.9988],
  ['Toledo', 'OH', 41.6528, -83.5379],
  ['Indianapolis', 'IN', 39.7684, -86.1581],
  ['Fort Wayne', 'IN', 41.0793, -85.1394],
  ['Charlotte', 'NC', 35.2271, -80.8431],
  ['Denver', 'CO', 39.7392, -104.9903],
  ['Seattle', 'WA', 47.6062, -122.3321],
  ['Spokane', 'WA', 47.6588, -117.426],
  ['Nashville', 'TN', 36.1627, -86.7816],
  ['Memphis', 'TN', 35.1495, -90.049],
  ['Oklahoma City', 'OK', 35.4676, -97.5164],
  ['Tulsa', 'OK', 36.154, -95.9928],
  ['Portland', 'OR', 45.5152, -122.6784],
  ['Las Vegas', 'NV', 36.1699, -115.1398],
  ['Louisville', 'KY', 38.2527, -85.7585],
  ['Detroit', 'MI', 42.3314, -83.0458],
  ['Grand Rapids', 'MI', 42.9634, -85.6681],
  ['Milwaukee', 'WI', 43.0389, -87.9065],
  ['Madison', 'WI', 43.0731, -89.4012],
  ['Albuquerque', 'NM', 35.0844, -106.6504],
  ['Kansas City', 'MO', 39.0997, -94.5786],
  ['St. Louis', 'MO', 38.627, -90.1994],
  ['Wichita', 'KS', 37.6872, -97.3301],
  ['Omaha', 'NE', 41.2565, -95.9345],
  ['Lincoln', 'NE', 40.8136, -96.7026],
  ['Minneapolis', 'MN', 44.9778, -93.265],
  ['Des Moines', 'IA', 41.5868, -93.625],
  ['Cedar Rapids', 'IA', 41.9779, -91.6656],
  ['Sioux Falls', 'SD', 43.5446, -96.7311],
  ['Fargo', 'ND', 46.8772, -96.7898],
  ['Billings', 'MT', 45.7833, -108.5007],
  ['Boise', 'ID', 43.615, -116.2023],
  ['Salt Lake City', 'UT', 40.7608, -111.891],
  ['Cheyenne', 'WY', 41.14, -104.8202],
  ['Atlanta', 'GA', 33.749, -84.388],
  ['Savannah', 'GA', 32.0809, -81.0912],
  ['Birmingham', 'AL', 33.5186, -86.8104],
  ['New Orleans', 'LA', 29.9511, -90.0715],
  ['Little Rock', 'AR', 34.7465, -92.2896],
  ['Jackson', 'MS', 32.2988, -90.1848],
  ['Boston', 'MA', 42.3601, -71.0589],
  ['Baltimore', 'MD', 39.2904, -76.6122],
  ['Richmond', 'VA', 37.5407, -77.436],
];

export const usCities: readonly UsCity[] = rows.map(([city, state, lat, lng]) => ({ city, state, lat, lng }));

export const usStates = [...new Set(usCities.map((c) => c.state))].sort();

export function findUsCity(state: string, city: string): UsCity | undefined {
  const s = state.trim().toUpperCase();
  const c = city.trim().toLowerCase();
  return usCities.find((entry) => entry.state === s && entry.city.toLowerCase() === c);
}
