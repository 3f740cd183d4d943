import { geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesAtlas from 'us-atlas/states-albers-10m.json';

/** The states of the map, drawn offline from us-atlas. */
const atlas = statesAtlas as unknown as Topology<{ states: GeometryCollection; nation: GeometryCollection }>;
// The atlas is projected already: its coordinates are the map's own (975 × 610).
const flat = geoPath();
export const nationOutline = flat(feature(atlas, atlas.objects.nation)) ?? '';
export const stateBorders = flat(mesh(atlas, atlas.objects.states, (a, b) => a !== b)) ?? '';
