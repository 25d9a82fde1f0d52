import type { SweepPoint, SweepResult } from './sweep-result.ts';

const WIDTH = 980;
const HEIGHT = 360;
const COLORS = { refusals: '#cf222e', acceptances: '#bc4c00', pass: '#1a7f37', current: '#0969da', grid: '#d0d7de', text: '#1f2328', muted: '#57606a' };

interface Series {
  name: string;
  color: string;
  dash: string;
  rate: (point: SweepPoint) => number | null;
  count: (point: SweepPoint) => string;
}

/**
 * The sweep as one inline SVG, no script and no external resource. Left: false refusal rate,
 * false acceptance rate and pass rate against the setting, with a dashed line at the run's
 * current value. Right: the trade-off, false refusals against false acceptances, one point per
 * value in order, the current value ringed. Every point has a `<title>` with its counts.
 */
export function renderSweepSvg(sweep: SweepResult): string {
  const points = sweep.points.filter((point) => point.valid);
  const series: Series[] = [
    { name: 'false refusals', color: COLORS.refusals, dash: '', rate: (point) => point.falseRefusals.rate, count: (point) => `${point.falseRefusals.numerator}/${point.falseRefusals.denominator}` },
    { name: 'false acceptances', color: COLORS.acceptances, dash: '', rate: (point) => point.falseAcceptances.rate, count: (point) => `${point.falseAcceptances.numerator}/${point.falseAcceptances.denominator}` },
    { name: 'pass rate', color: COLORS.pass, dash: '6 4', rate: (point) => point.passRate.rate, count: (point) => `${point.passRate.numerator}/${point.passRate.denominator}` },
  ];
  const parts: string[] = [];
  const label = sweep.parameter.path;

  // Left panel: rates against the setting.
  const left = { x: 64, y: 44, width: 500, height: 250 };
  const values = points.map((point) => point.value);
  const low = Math.min(...values, sweep.parameter.current ?? Infinity);
  const high = Math.max(...values, sweep.parameter.current ?? -Infinity);
  const span = high - low || 1;
  const xOf = (value: number) => left.x + ((value - low) / span) * left.width;
  const yOf = (rate: number) => left.y + (1 - rate) * left.height;
  parts.push(axes(left, (tick) => yOf(tick)));
  // Few values: a tick at each; many: round ticks.
  for (const tick of values.length <= 12 ? values : niceTicks(low, high, 6)) {
    parts.push(`<line x1="${fmt(xOf(tick))}" y1="${left.y + left.height}" x2="${fmt(xOf(tick))}" y2="${left.y + left.height + 5}" stroke="${COLORS.muted}"/>`);
    parts.push(`<text x="${fmt(xOf(tick))}" y="${left.y + left.height + 19}" text-anchor="middle" class="tick">${formatValue(tick)}</text>`);
  }
  parts.push(`<text x="${left.x + left.width / 2}" y="${left.y + left.height + 40}" text-anchor="middle" class="axis">${escapeXml(label)}</text>`);
  parts.push(`<text transform="translate(18 ${left.y + left.height / 2}) rotate(-90)" text-anchor="middle" class="axis">share of ${escapeXml(sweep.population)} cases</text>`);
  if (sweep.parameter.current !== null && sweep.parameter.current >= low && sweep.parameter.current <= high) {
    const x = fmt(xOf(sweep.parameter.current));
    parts.push(`<line x1="${x}" y1="${left.y - 6}" x2="${x}" y2="${left.y + left.height}" stroke="${COLORS.current}" stroke-width="1.5" stroke-dasharray="4 3"/>`);
    parts.push(`<text x="${x}" y="${left.y - 10}" text-anchor="middle" class="current">current ${formatValue(sweep.parameter.current)}</text>`);
  }
  for (const item of series) {
    const drawn = points.filter((point) => item.rate(point) !== null);
    if (drawn.length === 0) continue;
    parts.push(`<polyline fill="none" stroke="${item.color}" stroke-width="2" ${item.dash ? `stroke-dasharray="${item.dash}"` : ''} points="${drawn.map((point) => `${fmt(xOf(point.value))},${fmt(yOf(item.rate(point)!))}`).join(' ')}"/>`);
    for (const point of drawn) {
      parts.push(`<circle cx="${fmt(xOf(point.value))}" cy="${fmt(yOf(item.rate(point)!))}" r="3" fill="${item.color}"><title>${escapeXml(`${label} = ${formatValue(point.value)}: ${item.name} ${item.rate(point)!.toFixed(3)} (${item.count(point)})`)}</title></circle>`);
    }
  }
  series.forEach((item, position) => {
    const x = left.x + position * 150;
    parts.push(`<line x1="${x}" y1="16" x2="${x + 22}" y2="16" stroke="${item.color}" stroke-width="2.5" ${item.dash ? `stroke-dasharray="${item.dash}"` : ''}/><text x="${x + 28}" y="20" class="legend">${item.name}</text>`);
  });

  // Right panel: the trade-off between the two errors.
  const right = { x: 680, y: 44, width: 270, height: 250 };
  const pairs = points.filter((point) => point.falseRefusals.rate !== null && point.falseAcceptances.rate !== null);
  const maxRate = Math.max(0.05, ...pairs.flatMap((point) => [point.falseRefusals.rate!, point.falseAcceptances.rate!]));
  const top = Math.min(1, Math.ceil(maxRate * 10) / 10);
  const tx = (rate: number) => right.x + (rate / top) * right.width;
  const ty = (rate: number) => right.y + (1 - rate / top) * right.height;
  const tradeTicks = niceTicks(0, top, 5);
  for (const tick of tradeTicks) {
    parts.push(`<line x1="${right.x}" y1="${fmt(ty(tick))}" x2="${right.x + right.width}" y2="${fmt(ty(tick))}" stroke="${COLORS.grid}"/>`);
    parts.push(`<text x="${right.x - 8}" y="${fmt(ty(tick) + 4)}" text-anchor="end" class="tick">${formatValue(tick)}</text>`);
    parts.push(`<text x="${fmt(tx(tick))}" y="${right.y + right.height + 19}" text-anchor="middle" class="tick">${formatValue(tick)}</text>`);
  }
  parts.push(`<rect x="${right.x}" y="${right.y}" width="${right.width}" height="${right.height}" fill="none" stroke="${COLORS.muted}"/>`);
  parts.push(`<text x="${right.x + right.width / 2}" y="${right.y + right.height + 40}" text-anchor="middle" class="axis">false acceptance rate</text>`);
  parts.push(`<text transform="translate(${right.x - 44} ${right.y + right.height / 2}) rotate(-90)" text-anchor="middle" class="axis">false refusal rate</text>`);
  parts.push(`<text x="${right.x}" y="20" class="legend">trade-off, one point per value (${pairs.length})</text>`);
  if (pairs.length > 0) {
    parts.push(`<polyline fill="none" stroke="${COLORS.muted}" stroke-width="1.2" points="${pairs.map((point) => `${fmt(tx(point.falseAcceptances.rate!))},${fmt(ty(point.falseRefusals.rate!))}`).join(' ')}"/>`);
    for (const point of pairs) {
      const isCurrent = sweep.parameter.current !== null && Math.abs(point.value - sweep.parameter.current) < 1e-9;
      parts.push(
        `<circle cx="${fmt(tx(point.falseAcceptances.rate!))}" cy="${fmt(ty(point.falseRefusals.rate!))}" r="${isCurrent ? 6 : 3.5}" fill="${isCurrent ? 'none' : COLORS.text}" stroke="${isCurrent ? COLORS.current : 'none'}" stroke-width="2.5"><title>${escapeXml(`${label} = ${formatValue(point.value)}: false refusals ${point.falseRefusals.numerator}/${point.falseRefusals.denominator}, false acceptances ${point.falseAcceptances.numerator}/${point.falseAcceptances.denominator}`)}</title></circle>`,
      );
    }
    const ends = [pairs[0]!, pairs.at(-1)!];
    for (const point of ends) {
      parts.push(`<text x="${fmt(tx(point.falseAcceptances.rate!) + 7)}" y="${fmt(ty(point.falseRefusals.rate!) - 7)}" class="tick">${formatValue(point.value)}</text>`);
    }
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escapeXml(`Sweep of ${label}: false refusals, false acceptances and pass rate`)}">
<style>text { font: 12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: ${COLORS.text}; } .tick { fill: ${COLORS.muted}; font-size: 11px; } .axis { font-weight: 600; } .current { fill: ${COLORS.current}; font-weight: 600; } .legend { font-size: 12px; }</style>
${parts.join('\n')}
</svg>`;
}

/** The frame and horizontal grid lines (quarters) of a panel, with the y labels. */
function axes(panel: { x: number; y: number; width: number; height: number }, yOf: (share: number) => number): string {
  const lines: string[] = [];
  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    const y = fmt(yOf(share));
    lines.push(`<line x1="${panel.x}" y1="${y}" x2="${panel.x + panel.width}" y2="${y}" stroke="${COLORS.grid}"/>`);
    lines.push(`<text x="${panel.x - 8}" y="${fmt(yOf(share) + 4)}" text-anchor="end" class="tick">${formatValue(share)}</text>`);
  }
  lines.push(`<rect x="${panel.x}" y="${panel.y}" width="${panel.width}" height="${panel.height}" fill="none" stroke="${COLORS.muted}"/>`);
  return lines.join('\n');
}

/** About `count` round tick values covering `[low, high]`. */
function niceTicks(low: number, high: number, count: number): number[] {
  if (high === low) return [low];
  const raw = (high - low) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= raw) ?? raw);
  const ticks: number[] = [];
  for (let tick = Math.ceil(low / step - 1e-9) * step; tick <= high + 1e-9; tick += step) ticks.push(Number(tick.toFixed(10)));
  return ticks;
}

function formatValue(value: number): string {
  return String(Number(value.toFixed(6)));
}

function fmt(value: number): string {
  return value.toFixed(1);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
