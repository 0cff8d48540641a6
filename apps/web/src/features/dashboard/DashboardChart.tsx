import type { DashboardResponse } from "@cargodesk/shared";
import { Box, Paper, Typography, useTheme } from "@mui/material";
import { pkr } from "./DashboardTiles";
import { shortDate } from "./dates";

type Day = DashboardResponse["chart"][number];

const WIDTH = 900;
const HEIGHT = 260;
const PAD = { left: 44, right: 84, top: 16, bottom: 36 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** A round axis top at or above `max` (1, 2 or 5 times a power of ten). */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}

/** 1.5K, 2.3M: short amounts for the right-hand axis. */
function compact(amount: number): string {
  return new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(amount);
}

/**
 * C/Ns per day as bars (left axis) and their amount as a line (right axis), drawn as SVG. Each
 * bar's title gives the day's figures; the summary is the chart's accessible description.
 */
export function DashboardChart({ days }: { days: readonly Day[] }) {
  const theme = useTheme();
  const bars = theme.palette.primary.main;
  const line = theme.palette.warning.dark;
  // An even top keeps the middle gridline on a whole number of C/Ns.
  const countTop = (() => {
    const top = niceMax(Math.max(0, ...days.map((day) => day.cns)));
    return top % 2 === 0 ? top : top + 1;
  })();
  const amountTop = niceMax(Math.max(0, ...days.map((day) => day.amount)));
  const band = PLOT_W / Math.max(1, days.length);
  const barWidth = Math.max(1, band * 0.7);
  const x = (index: number) => PAD.left + index * band + band / 2;
  const yCount = (count: number) => PAD.top + PLOT_H - (count / countTop) * PLOT_H;
  const yAmount = (amount: number) => PAD.top + PLOT_H - (amount / amountTop) * PLOT_H;
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const totalCns = days.reduce((sum, day) => sum + day.cns, 0);
  const busiest = days.reduce<Day | null>((best, day) => (best === null || day.cns > best.cns ? day : best), null);
  const summary =
    totalCns === 0
      ? "No C/Ns in these dates."
      : `${totalCns} C/Ns over ${days.length} days; the busiest day was ${busiest ? shortDate(busiest.date) : ""} with ${busiest?.cns ?? 0}.`;
  const path = days
    .map((day, index) => `${index === 0 ? "M" : "L"}${x(index).toFixed(1)},${yAmount(day.amount).toFixed(1)}`)
    .join(" ");

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="dashboard-chart-title">
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", mb: 1 }}>
        <Typography id="dashboard-chart-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          C/Ns and amount per day
        </Typography>
        <Legend color={bars} label="C/Ns" shape="bar" />
        <Legend color={line} label="Amount (PKR)" shape="line" />
      </Box>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        data-testid="dashboard-chart"
        sx={{ width: "100%", height: "auto", display: "block" }}
      >
        {[0, 0.5, 1].map((share) => {
          const y = PAD.top + PLOT_H - share * PLOT_H;
          return (
            <g key={share}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke={theme.palette.divider} />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>
                {Math.round(share * countTop)}
              </text>
              <text x={WIDTH - PAD.right + 6} y={y + 4} fontSize={11} fill={theme.palette.text.secondary}>
                {compact(share * amountTop)}
              </text>
            </g>
          );
        })}
        {days.map((day, index) => (
          <g key={day.date}>
            {day.cns > 0 ? (
              <rect
                x={x(index) - barWidth / 2}
                y={yCount(day.cns)}
                width={barWidth}
                height={PAD.top + PLOT_H - yCount(day.cns)}
                fill={bars}
                opacity={0.85}
                data-testid="chart-bar"
              >
                <title>{`${shortDate(day.date)}: ${day.cns} C/N${day.cns === 1 ? "" : "s"}, ${pkr(day.amount)}`}</title>
              </rect>
            ) : null}
            {index % labelEvery === 0 ? (
              <text
                x={x(index)}
                y={HEIGHT - PAD.bottom + 16}
                textAnchor="middle"
                fontSize={11}
                fill={theme.palette.text.secondary}
              >
                {day.date.slice(5)}
              </text>
            ) : null}
          </g>
        ))}
        {days.length > 0 ? <path d={path} fill="none" stroke={line} strokeWidth={2} /> : null}
      </Box>
    </Paper>
  );
}

function Legend({ color, label, shape }: { color: string; label: string; shape: "bar" | "line" }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.75 }}>
      <Box
        aria-hidden
        sx={{ width: 14, height: shape === "bar" ? 10 : 3, bgcolor: color, borderRadius: shape === "bar" ? 0.5 : 1 }}
      />
      <Typography variant="body2">{label}</Typography>
    </Box>
  );
}
