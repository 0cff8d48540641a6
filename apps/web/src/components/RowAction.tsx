import { Box, IconButton, Tooltip } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";

/**
 * One icon button in a table row's actions, with its tooltip; `label` is the accessible name
 * (defaults to the tooltip). Given `to`, it is a link to that page instead of a button.
 */
export function RowAction({
  title,
  label = title,
  icon,
  onClick,
  to,
  disabled,
}: {
  title: string;
  label?: string;
  icon: ReactNode;
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={title}>
      {to === undefined ? (
        <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      ) : (
        <IconButton component={RouterLink} to={to} aria-label={label} disabled={disabled}>
          {icon}
        </IconButton>
      )}
    </Tooltip>
  );
}

/** A row's action buttons side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: "flex" }}>{children}</Box>;
}
