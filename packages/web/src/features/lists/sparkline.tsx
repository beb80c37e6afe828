/** A small line of daily values (no chart library: a row of 30 tables' worth would be heavy). */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const width = 80;
  const height = 20;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - 1 - (v / max) * (height - 2)).toFixed(1)}`).join(' ');
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} style={{ display: 'block' }}>
      <polyline points={points} fill="none" stroke="var(--mantine-color-teal-7)" strokeWidth={1.5} strokeLinejoin="round" />
    </svg>
  );
}
