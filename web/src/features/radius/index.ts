export { CityField } from './components/city-field';
export { RadiusHeader } from './components/radius-header';
export { Segmented } from './components/radius-place-form';
export { SearchFailed, StartNotice } from './components/radius-states';
export { AvailabilityBadge, LoadLink, TruckLink } from './components/result-cells';
export { nationOutline, stateBorders } from './components/us-map/states-outline';
export { useRenderedWidth } from './components/us-map/use-rendered-width';
export { fitView, MAP_HEIGHT, MAP_WIDTH, projectPoint, radiusGeometry, WHOLE_MAP } from './map-geometry';
export { formatMiles } from './radius-results';
