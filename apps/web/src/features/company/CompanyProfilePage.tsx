import { hasPermission, perm } from "@cargodesk/shared";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import { useNavigate } from "react-router";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { useSession } from "../../lib/session";
import { OutletSection } from "../restaurant-settings/OutletSection";
import { type Company, useCompany, useCompanyLogo } from "./api";
import { LogoFrame } from "./CompanyLogo";
import { COMPANY_EDIT_PATH } from "./paths";

const ROWS: readonly { key: keyof Omit<Company, "hasLogo">; label: string }[] = [
  { key: "name", label: "Company Name" },
  { key: "address", label: "Address" },
  { key: "phone", label: "Phone" },
  { key: "email", label: "Email" },
  { key: "ntn", label: "NTN" },
];

/** Setting > Restaurant > List Restaurant: the current company profile with its logo, and Edit; the Outlet and POS section read-only. */
export default function CompanyProfilePage() {
  const company = useCompany();
  if (company.isPending) return <PageLoader label="Loading the company profile" />;
  if (company.isError)
    return <ReportError error={company.error} onRetry={() => void company.refetch()} what="the company profile" />;
  return (
    <Stack spacing={3}>
      <CompanyCard company={company.data} />
      <OutletSection editable={false} />
    </Stack>
  );
}

function CompanyCard({ company }: { company: Company }) {
  const navigate = useNavigate();
  const session = useSession();
  const logo = useCompanyLogo(company.hasLogo);
  const canEdit = hasPermission(session?.permissions ?? [], perm("Setting", "Restaurant", "Add Restaurant"));

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 820 }} component="section" aria-labelledby="company-card-heading">
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 2 }}>
        <Typography id="company-card-heading" variant="h6" component="h2">
          Company Profile
        </Typography>
        {canEdit ? (
          <Button
            variant="contained"
            startIcon={<EditIcon />}
            onClick={() => navigate(COMPANY_EDIT_PATH)}
            sx={{ ml: "auto" }}
          >
            Edit
          </Button>
        ) : null}
      </Box>
      <Box sx={{ display: "flex", gap: 4, flexWrap: "wrap", alignItems: "flex-start" }}>
        <LogoFrame url={logo.url} loading={logo.isLoading} alt="Company logo" testId="company-logo" />
        <Box
          component="dl"
          sx={{ m: 0, flex: 1, minWidth: 260, display: "grid", gridTemplateColumns: "140px 1fr", rowGap: 1.5 }}
        >
          {ROWS.map((row) => (
            <Box key={row.key} sx={{ display: "contents" }}>
              <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
                {row.label}
              </Typography>
              <Typography
                component="dd"
                variant="body1"
                sx={{ m: 0, whiteSpace: "pre-line" }}
                data-testid={`company-${row.key}`}
              >
                {company[row.key] || "—"}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Paper>
  );
}
