import { Box, Link, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { BRAND_GRADIENT } from "../app/theme";
import { Brand } from "./Brand";

interface PublicFrameProps {
  title: string;
  subtitle: ReactNode;
  /** The card's width: narrow for short forms, wide for registration. */
  width: number;
  children: ReactNode;
}

/** The frame of the public pages (registration, password reset): brand, a heading and a card. */
export function PublicFrame({ title, subtitle, width, children }: PublicFrameProps) {
  return (
    <Box component="main" sx={{ minHeight: "100vh", px: 2, py: { xs: 3, sm: 6 }, background: BRAND_GRADIENT }}>
      <Paper sx={{ width: "100%", maxWidth: width, mx: "auto", p: { xs: 2.5, sm: 5 } }} elevation={8}>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
          <Brand />
          <Link component={RouterLink} to="/cargo-login" variant="body2">
            Back to sign in
          </Link>
        </Box>
        <Typography variant="h5" component="h1" sx={{ mt: 4 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5, mb: 3 }}>
          {subtitle}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
