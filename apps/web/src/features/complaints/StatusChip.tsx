import { Chip } from "@mui/material";

const COLORS: Record<string, "default" | "warning" | "info" | "success"> = {
  OPEN: "warning",
  "IN PROGRESS": "info",
  RESOLVED: "success",
  CLOSED: "default",
};

/** A complaint's status as a small coloured label. */
export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={status} color={COLORS[status.toUpperCase()] ?? "default"} variant="outlined" />;
}
