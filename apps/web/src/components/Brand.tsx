import { Box, SvgIcon, type SvgIconProps, Typography } from "@mui/material";

/** The CargoDesk mark: a parcel seen from above a corner. */
export function BrandMark(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 32 32" {...props}>
      <rect width="32" height="32" rx="7" fill="#0f2a4a" />
      <path d="M8 12.5 16 8l8 4.5v9L16 26l-8-4.5z" fill="#f59e0b" />
      <path d="M8 12.5 16 17l8-4.5M16 17v9" fill="none" stroke="#0f2a4a" strokeWidth="1.6" strokeLinejoin="round" />
    </SvgIcon>
  );
}

export function Brand({ inverse = false }: { inverse?: boolean }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.25 }}>
      <BrandMark sx={{ fontSize: 32 }} aria-hidden />
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: 20,
          letterSpacing: "-0.01em",
          color: inverse ? "common.white" : "text.primary",
        }}
      >
        CargoDesk
      </Typography>
    </Box>
  );
}
