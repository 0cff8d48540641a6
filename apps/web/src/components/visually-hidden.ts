/**
 * Styles that hide text from sight but keep it for screen readers and accessible names. Sizes are
 * "1px", not 1: in MUI's sx a number from 0 to 1 is a fraction (width: 1 is 100%), and a 100% wide
 * absolute box made the chart's account list wider than the screen.
 */
export const visuallyHidden = {
  border: 0,
  clip: "rect(0 0 0 0)",
  height: "1px",
  margin: -1,
  overflow: "hidden",
  padding: 0,
  position: "absolute",
  whiteSpace: "nowrap",
  width: "1px",
} as const;
