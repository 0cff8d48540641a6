import { type CompanyProfileInput, companyProfileSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import SaveIcon from "@mui/icons-material/Save";
import { Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from "@mui/material";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import type { z } from "zod";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { OutletSection } from "../restaurant-settings/OutletSection";
import { type Company, useCompany, useSaveCompany } from "./api";
import { LogoUpload } from "./LogoUpload";

type CompanyForm = z.input<typeof companyProfileSchema>;

const FIELDS: readonly { name: FieldPath<CompanyForm>; label: string; required?: boolean; multiline?: boolean }[] = [
  { name: "name", label: "Company Name", required: true },
  { name: "address", label: "Address", multiline: true },
  { name: "phone", label: "Phone" },
  { name: "email", label: "Email" },
  { name: "ntn", label: "NTN" },
];
const FIELD_NAMES = FIELDS.map((field) => field.name);

/** Setting > Restaurant > Add Restaurant: the company profile that heads every document, its logo, and the Outlet and POS section. */
export default function CompanyFormPage() {
  const company = useCompany();
  if (company.isPending) return <PageLoader label="Loading the company profile" />;
  if (company.isError)
    return <ReportError error={company.error} onRetry={() => void company.refetch()} what="the company profile" />;
  return (
    <Stack spacing={3}>
      <Stack spacing={3} sx={{ maxWidth: 820 }}>
        <CompanyProfileForm company={company.data} />
        <LogoUpload hasLogo={company.data.hasLogo} />
      </Stack>
      <OutletSection editable />
    </Stack>
  );
}

function CompanyProfileForm({ company }: { company: Company }) {
  const save = useSaveCompany();
  const { show, dialogProps } = useResultDialog();
  const { control, handleSubmit, reset, setError } = useForm<CompanyForm, unknown, CompanyProfileInput>({
    resolver: zodResolver(companyProfileSchema),
    defaultValues: {
      name: company.name,
      address: company.address,
      phone: company.phone,
      email: company.email,
      ntn: company.ntn,
    },
  });

  const onSave = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset({ ...saved.data });
        show("Success", saved.message);
      },
      onError: (error) => {
        applyFieldIssues(error, setError, FIELD_NAMES);
        show("Error", errorMessage(error));
      },
    }),
  );

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(event) => void onSave(event)}
      aria-labelledby="company-profile-heading"
      sx={{ p: 3 }}
    >
      <Typography id="company-profile-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Company Profile
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
        The name, address, NTN and logo head every voucher, report and waybill PDF.
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        {FIELDS.map((field) => (
          <Controller
            key={field.name}
            control={control}
            name={field.name}
            render={({ field: { ref, value, ...input }, fieldState }) => (
              <TextField
                {...input}
                inputRef={ref}
                value={value ?? ""}
                label={field.label}
                required={field.required}
                multiline={field.multiline}
                minRows={field.multiline ? 2 : undefined}
                type={field.name === "email" ? "email" : "text"}
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message ?? " "}
                disabled={save.isPending}
                sx={field.multiline ? { gridColumn: "1 / -1" } : undefined}
                fullWidth
              />
            )}
          />
        ))}
      </Box>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SaveIcon />}
        >
          Save
        </Button>
      </Box>
      <ResultDialog {...dialogProps} />
    </Paper>
  );
}
