import { complaintCreateSchema, SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import SaveIcon from "@mui/icons-material/Save";
import SearchIcon from "@mui/icons-material/Search";
import { Box, Button, CircularProgress, Paper, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { companyToday } from "../../lib/dates";
import { applyFieldIssues } from "../../lib/forms";
import { type CnShipment, useAddComplaint, useCnLookup } from "./api";
import { ShipmentFacts } from "./ShipmentFacts";

const formSchema = complaintCreateSchema.pick({ complaint_satement: true }).extend({
  cn_number: z.string(),
  complaint_date: z.iso.date({ error: "Please choose the complaint date" }),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const resolver = zodResolver(formSchema);
const FIELDS = ["cn_number", "complaint_satement", "complaint_date"] as const;

const emptyForm = (): FormInput => ({ cn_number: "", complaint_date: companyToday(), complaint_satement: "" });

/**
 * Add Complaint: look the C/N up, check the shipment it names, write the complaint (forced to
 * upper case) and save; the form clears after a save.
 */
export default function AddComplaintPage() {
  const lookup = useCnLookup();
  const save = useAddComplaint();
  const result = useResultDialog();
  const [found, setFound] = useState<CnShipment | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver, defaultValues: emptyForm(), mode: "onTouched" });
  const [cn, statement, date] = useWatch({
    control: form.control,
    name: ["cn_number", "complaint_satement", "complaint_date"],
  });
  const cnTyped = cn.trim();

  const search = () => {
    if (cnTyped === "" || lookup.isPending) return;
    lookup.mutate(cnTyped, {
      onSuccess: (shipment) => {
        setFound(shipment);
        if (!shipment) result.show("Error", SHIPMENT_MESSAGES.cnNotFound);
      },
      onError: (error) => {
        setFound(null);
        result.show("Error", errorMessage(error));
      },
    });
  };

  const onSubmit = form.handleSubmit((values) => {
    if (!found) return;
    save.mutate(
      {
        cn_number: found.tracking_id,
        shipment_id: found.shipment_id,
        complaint_satement: values.complaint_satement,
        complaint_date: values.complaint_date,
      },
      {
        onSuccess: (answer) => {
          result.show("Success", answer.message);
          form.reset(emptyForm());
          setFound(null);
          lookup.reset();
        },
        onError: (error) => {
          applyFieldIssues(error, form.setError, FIELDS);
          result.show("Error", errorMessage(error));
        },
      },
    );
  });

  const canSave = found !== null && statement.trim() !== "" && date !== "" && !save.isPending;

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Add Complaint">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
            Consignment
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, alignItems: "start" }}>
            <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
              <Controller
                control={form.control}
                name="cn_number"
                render={({ field: { ref, onChange, ...field }, fieldState }) => (
                  <TextField
                    {...field}
                    inputRef={ref}
                    label="C/N No"
                    required
                    fullWidth
                    autoFocus
                    onChange={(event) => {
                      // A different number no longer names the shipment on show.
                      onChange(event.target.value.replace(/\D/g, "").slice(0, 30));
                      setFound(null);
                    }}
                    onKeyDown={(event) => {
                      if (event.key === "Enter") {
                        event.preventDefault();
                        search();
                      }
                    }}
                    error={fieldState.error !== undefined}
                    helperText={fieldState.error?.message ?? "Type the tracking number and search"}
                    slotProps={{ htmlInput: { inputMode: "numeric" } }}
                  />
                )}
              />
              <Button
                variant="contained"
                onClick={search}
                disabled={cnTyped === "" || lookup.isPending}
                startIcon={
                  lookup.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SearchIcon />
                }
                sx={{ mt: 1, flexShrink: 0 }}
              >
                Search
              </Button>
            </Box>
            <Controller
              control={form.control}
              name="complaint_date"
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  type="date"
                  label="Complain Date"
                  required
                  fullWidth
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message ?? " "}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              )}
            />
          </Box>

          <ShipmentFacts shipment={found} />

          <Box sx={{ mt: 3 }}>
            <Controller
              control={form.control}
              name="complaint_satement"
              render={({ field: { ref, onChange, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label="Complain"
                  required
                  fullWidth
                  multiline
                  minRows={4}
                  onChange={(event) => onChange(event.target.value.toUpperCase())}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message ?? `${field.value.length} / 2000`}
                  slotProps={{ htmlInput: { maxLength: 2000 } }}
                />
              )}
            />
          </Box>
          <Box sx={{ display: "flex", gap: 2, alignItems: "center", mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!canSave}
              startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveIcon />}
            >
              Save Complain
            </Button>
            {found === null ? (
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                Search a C/N number first; then write the complaint.
              </Typography>
            ) : null}
          </Box>
        </Box>
      </Paper>
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
