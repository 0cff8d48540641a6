import { Typography } from "@mui/material";
import { countOf } from "../lib/format";

interface ResultCountProps {
  /** Rows left after searching; undefined while loading. */
  shown: number | undefined;
  total: number | undefined;
  singular: string;
  plural?: string;
}

/** "250 countries", or "3 of 250 countries" while a search narrows the list. */
export function ResultCount({ shown, total, singular, plural }: ResultCountProps) {
  if (shown === undefined || total === undefined) return null;
  const all = countOf(total, singular, plural);
  return (
    <Typography variant="body2" role="status" sx={{ color: "text.secondary", ml: "auto" }}>
      {shown === total ? all : `${shown} of ${all}`}
    </Typography>
  );
}
