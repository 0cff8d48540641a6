import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** The heading element of the title; a page with no other heading passes "h1". */
  titleAs?: "p" | "h1" | "h2";
}

/** A calm, centred message for "nothing here" and "cannot show this" situations. */
export function EmptyState({ title, description, icon, action, titleAs = "p" }: EmptyStateProps) {
  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        textAlign: "center",
        gap: 1,
        py: 6,
        px: 2,
        color: "text.secondary",
      }}
    >
      {icon ? <Box sx={{ color: "primary.light", "& svg": { fontSize: 48 } }}>{icon}</Box> : null}
      <Typography variant="h6" component={titleAs} sx={{ color: "text.primary" }}>
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" sx={{ maxWidth: 480 }}>
          {description}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 1 }}>{action}</Box> : null}
    </Box>
  );
}
