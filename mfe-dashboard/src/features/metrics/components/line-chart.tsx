// A small SVG line chart (no charting library: the dashboard stays light).
import type { EventType } from '../utils/compute.ts';

const COLOURS = ['#5AB77B', '#68529E', '#E0913C'];

export function LineChart({
  days,
  series,
}: {
  days: { day: string; counts: Record<EventType, number> }[];
  series: { key: EventType; label: string }[];
}) {
  const w = 720;
  const h = 220;
  const pad = { l: 36, r: 12, t: 12, b: 28 };
  const max = Math.max(1, ...days.flatMap((d) => series.map((s) => d.counts[s.key])));
  const x = (i: number) => pad.l + (days.length <= 1 ? 0 : (i / (days.length - 1)) * (w - pad.l - pad.r));
  const y = (v: number) => h - pad.b - (v / max) * (h - pad.t - pad.b);
  const ticks = [0, Math.round(max / 2), max];
  const summary = series.map((s) => `${s.label}: ${days.reduce((a, d) => a + d.counts[s.key], 0)}`).join(', ');
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${w} ${h}`} width="100%" role="img" aria-label={summary} style={{ maxHeight: 260 }}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={pad.l} x2={w - pad.r} y1={y(v)} y2={y(v)} stroke="#dfe5e1" />
            <text x={pad.l - 6} y={y(v) + 4} fontSize="11" textAnchor="end" fill="#56625b">
              {v}
            </text>
          </g>
        ))}
        {days.map((d, i) =>
          i % Math.ceil(days.length / 6) === 0 ? (
            <text key={d.day} x={x(i)} y={h - 8} fontSize="11" textAnchor="middle" fill="#56625b">
              {d.day.slice(5)}
            </text>
          ) : null,
        )}
        {series.map((s, si) => (
          <polyline
            key={s.key}
            fill="none"
            stroke={COLOURS[si % COLOURS.length]}
            strokeWidth="2"
            points={days.map((d, i) => `${x(i)},${y(d.counts[s.key])}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption style={{ display: 'flex', gap: 16, flexWrap: 'wrap', fontSize: 13 }}>
        {series.map((s, si) => (
          <span key={s.key}>
            <span
              aria-hidden="true"
              style={{
                display: 'inline-block',
                width: 12,
                height: 3,
                background: COLOURS[si % COLOURS.length],
                verticalAlign: 'middle',
                marginRight: 6,
              }}
            />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
