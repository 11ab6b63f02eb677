import { useId } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import { formatAmount } from '@lp/domain/numbers';
import { currentMonth } from '@lp/domain/reporting-status';
import type { MonthTotal } from '../utils/month-totals';
import { euro } from '../utils/euro';

// SVG presentation attributes (no inline style, so nothing for the CSP to refuse); the same hues as
// the matrix cells' borders in reporting-status.css.
const COLOURS = {
  reported: '#1f6b3d',
  empty: '#5b6b7c',
  missing: '#a4161a',
  open: '#b9c2cc',
  net: '#173a63',
};
const STATES = ['reported', 'empty', 'missing', 'open'] as const;
const LEGEND_ORDER = [...STATES, 'net'] as const;

const AXIS_TITLE = { fontSize: 12, fill: '#4f5b68' };

/**
 * Per month the creditors in each state (stacked bars, left axis) and the net sum (line, right axis).
 * The running month has no point on the line: its bookings are still coming in, and its sum read as a
 * drop (issue 57, item 11); its bar and the table below show it. A sentence per month and the values
 * as a table are its text alternative.
 */
export function StatusChart({ totals, heading }: { totals: MonthTotal[]; heading: string }) {
  const headingId = useId();
  const last = totals.at(-1);
  const running = currentMonth();
  const data = totals.map((total) => (total.month === running ? { ...total, net: null } : total));
  return (
    <figure className="status-chart card" aria-labelledby={headingId}>
      <h2 id={headingId} className="status-chart__heading">
        {heading}
      </h2>
      <div className="status-chart__canvas" aria-hidden="true">
        <ResponsiveContainer width="100%" height={260}>
          {/* No keyboard layer: the chart is hidden from assistive technology (the sentence and the
              table below are its text), so it must not take the focus either. */}
          <ComposedChart
            data={data}
            margin={{ top: 8, right: 16, bottom: 0, left: 16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke="#c9d1db" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 12 }}
              height={44}
              label={{ value: L.chartMonthAxis, position: 'insideBottom', offset: 4, ...AXIS_TITLE }}
            />
            <YAxis
              yAxisId="count"
              allowDecimals={false}
              tick={{ fontSize: 12 }}
              label={{ value: L.chartCreditors, angle: -90, position: 'insideLeft', ...AXIS_TITLE }}
            />
            <YAxis
              yAxisId="net"
              orientation="right"
              tick={{ fontSize: 12 }}
              width={90}
              label={{ value: L.chartNetAxis, angle: 90, position: 'insideRight', ...AXIS_TITLE }}
              tickFormatter={(value: number) => `${formatAmount(value).replace(/,\d\d$/, '')} €`}
            />
            <Tooltip
              formatter={(value, name) =>
                name === L.chartNet ? euro(Number(value)) : Number(value).toLocaleString('de-DE')
              }
            />
            {/* The words in the text colour: in its series' colour the light "läuft noch" was unreadable. */}
            {/* In the stack's order from the bottom, then the line (recharts sorts by name otherwise). */}
            <Legend
              itemSorter={(item) =>
                LEGEND_ORDER.indexOf(String(item.dataKey) as (typeof LEGEND_ORDER)[number])
              }
              formatter={(value: string) => <span className="status-chart__legend">{value}</span>}
            />
            {STATES.map((state) => (
              <Bar
                key={state}
                yAxisId="count"
                dataKey={state}
                name={L.states[state]}
                stackId="states"
                fill={COLOURS[state]}
                isAnimationActive={false}
              />
            ))}
            <Line
              yAxisId="net"
              dataKey="net"
              name={L.chartNet}
              stroke={COLOURS.net}
              strokeWidth={2}
              type="linear"
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="status-chart__summary">
        {last && L.chartSummary(last.label, last, euro(last.net))}
      </figcaption>
      <details className="status-chart__table">
        <summary>{L.chartTable}</summary>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{L.month}</th>
              {STATES.map((state) => (
                <th key={state} scope="col" className="cell--number">
                  {L.states[state]}
                </th>
              ))}
              <th scope="col" className="cell--number">
                {L.chartNet}
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.map((total) => (
              <tr key={total.month}>
                <th scope="row">{total.label}</th>
                {STATES.map((state) => (
                  <td key={state} className="cell--number">
                    {total[state]}
                  </td>
                ))}
                <td className="cell--number">{euro(total.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
