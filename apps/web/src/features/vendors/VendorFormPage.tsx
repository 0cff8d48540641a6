import { type Vendor, type VendorForm, type VendorInput, vendorInputSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import ListIcon from "@mui/icons-material/List";
import SaveIcon from "@mui/icons-material/Save";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Paper,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useSaveVendor, useVendor } from "./api";
import { VENDOR_ROUTES } from "./paths";

const EMPTY: VendorForm = {
  code: "",
  name: "",
  contactPerson: "",
  phone: "",
  email: "",
  address: "",
  ntn: "",
  strn: "",
  paymentTermsDays: 0,
  active: true,
};

const FIELDS: { name: FieldPath<VendorForm>; label: string; help?: string; required?: boolean; wide?: boolean }[] = [
  { name: "name", label: "Vendor Name", required: true },
  { name: "code", label: "Code", help: "Left blank: the next V-00001 code" },
  { name: "contactPerson", label: "Contact Person" },
  { name: "phone", label: "Phone" },
  { name: "email", label: "Email" },
  { name: "ntn", label: "NTN" },
  { name: "strn", label: "STRN" },
  { name: "address", label: "Address", wide: true },
];

const formOf = (vendor: Vendor): VendorForm => ({
  code: vendor.code,
  name: vendor.name,
  contactPerson: vendor.contactPerson,
  phone: vendor.phone,
  email: vendor.email,
  address: vendor.address,
  ntn: vendor.ntn,
  strn: vendor.strn,
  paymentTermsDays: vendor.paymentTermsDays,
  active: vendor.active,
});

function VendorEditor({ vendor }: { vendor: Vendor | null }) {
  const save = useSaveVendor(vendor?.id ?? null);
  const result = useResultDialog();
  const navigate = useNavigate();
  const form = useForm<VendorForm, unknown, VendorInput>({
    resolver: zodResolver(vendorInputSchema),
    defaultValues: vendor ? formOf(vendor) : EMPTY,
    mode: "onTouched",
  });
  useEffect(() => form.reset(vendor ? formOf(vendor) : EMPTY), [vendor, form]);

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        result.show("Success", `${answer.message}: ${answer.data.name} (${answer.data.code})`);
        if (vendor) navigate(VENDOR_ROUTES.list);
        else form.reset(EMPTY);
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, [...FIELDS.map((field) => field.name), "paymentTermsDays"]);
        result.show("Error", errorMessage(error));
      },
    }),
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 3 }}>
        Fields marked * are required. Each vendor gets its own payable account under the Vendors group of Accounts
        Integration.
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={vendor ? "Edit Vendor" : "Add Vendor"}>
        <Box sx={{ display: "grid", columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
          {FIELDS.map((field, index) => (
            <Box key={field.name} sx={field.wide ? { gridColumn: "1 / -1" } : undefined}>
              <TextInput
                control={form.control}
                name={field.name}
                label={field.label}
                hint={field.help ?? " "}
                required={field.required}
                disabled={save.isPending}
                autoFocus={index === 0}
                multiline={field.name === "address"}
              />
            </Box>
          ))}
          <Controller
            control={form.control}
            name="paymentTermsDays"
            render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                type="number"
                label="Payment Terms (days)"
                value={value ?? 0}
                onChange={(event) => onChange(event.target.value === "" ? 0 : Number(event.target.value))}
                slotProps={{ htmlInput: { min: 0, max: 365, step: 1 } }}
                disabled={save.isPending}
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message ?? " "}
              />
            )}
          />
          <Controller
            control={form.control}
            name="active"
            render={({ field: { value, onChange, ...field } }) => (
              <FormControlLabel
                control={
                  <Switch {...field} checked={value ?? true} onChange={(event) => onChange(event.target.checked)} />
                }
                label="Active (offered on Receiving Add)"
              />
            )}
          />
        </Box>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveIcon />}
          >
            {vendor ? "Update" : "Save"}
          </Button>
          <Button component={RouterLink} to={VENDOR_ROUTES.list} startIcon={<ListIcon />}>
            View Vendors
          </Button>
        </Box>
      </Box>
      <ResultDialog {...result.dialogProps} />
    </Paper>
  );
}

/** /inventory/Vendor/addVendor: add a vendor, or change one (`?id=`) from the list. */
export default function VendorFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || null;
  const vendor = useVendor(id);
  if (id === null) return <VendorEditor vendor={null} />;
  if (vendor.isPending) return <PageLoader label="Loading the vendor" />;
  if (vendor.error) return <Alert severity="error">Could not load the vendor. {errorMessage(vendor.error)}</Alert>;
  return <VendorEditor vendor={vendor.data} />;
}
