import type { MapPoint } from '../../map-geometry';

/** The chosen city: a ringed point with its name. */
export function CityMarker({ at, unit, name }: { at: MapPoint; unit: number; name: string }) {
  const [x, y] = at;
  return (
    <g aria-hidden>
      <circle
        cx={x}
        cy={y}
        r={4.5 * unit}
        className="fill-foreground stroke-card"
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
      <circle
        cx={x}
        cy={y}
        r={8 * unit}
        fill="none"
        className="stroke-foreground"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
      <text
        x={x + 11 * unit}
        y={y - 9 * unit}
        fontSize={12 * unit}
        className="fill-foreground stroke-card font-semibold"
        strokeWidth={3}
        paintOrder="stroke"
        strokeLinejoin="round"
        style={{ strokeWidth: 3 * unit }}
      >
        {name}
      </text>
    </g>
  );
}
