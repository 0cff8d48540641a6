import { RATE_MESSAGES, SHIPMENT_TYPES, VAT_PAID_SERVICE_ID } from "@cargodesk/shared";
import HistoryIcon from "@mui/icons-material/History";
import { Alert, AlertTitle, Box, Button, MenuItem, TextField } from "@mui/material";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { SheetFileField } from "../../components/FileUploadField";
import { FormCard, SaveButton } from "../../components/FormCard";
import { UploadIssuesTable } from "../../components/UploadIssuesTable";
import { errorMessage } from "../../lib/api";
import { companyToday } from "../../lib/dates";
import { applyFieldIssues } from "../../lib/forms";
import { useCan } from "../../lib/hooks";
import { isCancelled, type RowIssue, rowIssuesOf, useUploadProgress } from "../../lib/upload";
import { useServiceOptions, useUploadRate } from "./api";
import { RATE_PERMISSIONS, RATE_ROUTES } from "./paths";
import { SheetFormatHelp } from "./SheetFormatHelp";
import { Type2Field } from "./Type2Field";

interface UploadValues {
  date: string;
  shipment_type: string;
  service_type_id: string;
  type: string;
}

type Outcome = { ok: true; text: string } | { ok: false; message: string; fileName: string; issues: RowIssue[] };

const EMPTY: UploadValues = { date: companyToday(), shipment_type: "", service_type_id: "", type: "" };
const FIELDS = ["date", "shipment_type", "service_type_id", "type"] as const;

/** /cargo/rate/upload_rate: a rate sheet for a service and shipment type, effective from a date (today or later). */
export default function RateUploadPage() {
  const services = useServiceOptions(false);
  const upload = useUploadRate();
  const canSeeLogs = useCan(RATE_PERMISSIONS.logs);
  const [file, setFile] = useState<File | null>(null);
  const progress = useUploadProgress();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<UploadValues>({ defaultValues: EMPTY, mode: "onTouched" });
  const values = useWatch({ control: form.control });
  const vatPaid = values.service_type_id === String(VAT_PAID_SERVICE_ID);
  const ready = Boolean(
    values.date && values.shipment_type && values.service_type_id && file && (!vatPaid || values.type),
  );
  const today = companyToday();

  const onSubmit = form.handleSubmit((input) => {
    if (!file) return;
    setOutcome(null);
    const name = file.name;
    upload.mutate(
      {
        date: input.date,
        serviceTypeId: Number(input.service_type_id),
        shipmentType: input.shipment_type,
        type2: vatPaid ? input.type : "",
        file,
        tracking: progress.start(),
      },
      {
        onSettled: progress.finish,
        onSuccess: (answer) => {
          setOutcome({ ok: true, text: `${name}: ${answer.rows} bands saved, in force from ${input.date}.` });
          form.reset({ ...EMPTY, date: companyToday() });
          setFile(null);
        },
        onError: (error) => {
          if (isCancelled(error)) return;
          applyFieldIssues(error, form.setError, FIELDS);
          setOutcome({ ok: false, message: errorMessage(error), fileName: name, issues: rowIssuesOf(error) });
        },
      },
    );
  });

  const busy = upload.isPending;
  return (
    <Box sx={{ display: "grid", gap: 3, maxWidth: 960 }}>
      <FormCard
        label="Upload Rate"
        onSubmit={onSubmit}
        wide
        actions={
          <>
            <SaveButton disabled={!ready} busy={busy} label="Upload Rate" />
            {canSeeLogs ? (
              <Button component={RouterLink} to={RATE_ROUTES.logs} startIcon={<HistoryIcon />}>
                Rate Logs
              </Button>
            ) : null}
          </>
        }
      >
        <Controller
          control={form.control}
          name="date"
          rules={{
            validate: (value) => (!value ? RATE_MESSAGES.date : value >= today || RATE_MESSAGES.datePast),
          }}
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              type="date"
              label="Date"
              required
              disabled={busy}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? "In force from this day (today or later)"}
            />
          )}
        />
        <Controller
          control={form.control}
          name="shipment_type"
          rules={{ required: RATE_MESSAGES.shipmentType }}
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              select
              label="Shipment Type"
              required
              disabled={busy}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? " "}
            >
              {SHIPMENT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="service_type_id"
          rules={{ required: RATE_MESSAGES.service }}
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              select
              label="Service"
              required
              disabled={busy || services.isPending}
              error={fieldState.error !== undefined || Boolean(services.error)}
              helperText={
                fieldState.error?.message ??
                (services.error ? "Could not load the services" : "Service 16 sheets price by zip code")
              }
            >
              {(services.data ?? []).map((service) => (
                <MenuItem key={service.service_type_id} value={String(service.service_type_id)}>
                  {service.service_type_id}. {service.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {vatPaid ? <Type2Field control={form.control} name="type" disabled={busy} /> : <Box />}
        <Box sx={{ gridColumn: "1 / -1" }}>
          <SheetFileField
            label="File"
            file={file}
            onChoose={(chosen) => {
              setFile(chosen);
              setOutcome(null);
            }}
            progress={progress}
            helperText="CSV or XLSX, at most 5 MB"
          />
        </Box>
      </FormCard>
      {outcome?.ok ? (
        <Alert severity="success" role="status">
          <AlertTitle>{RATE_MESSAGES.uploadOk}</AlertTitle>
          {outcome.text}
        </Alert>
      ) : null}
      {outcome && !outcome.ok ? (
        <Box sx={{ display: "grid", gap: 2 }}>
          <Alert severity="error" role="alert">
            <AlertTitle>{RATE_MESSAGES.uploadFailed}</AlertTitle>
            {outcome.issues.length > 0 ? "The file was refused as a whole; nothing was saved." : outcome.message}
          </Alert>
          <UploadIssuesTable fileName={outcome.fileName} issues={outcome.issues} />
        </Box>
      ) : null}
      <SheetFormatHelp />
    </Box>
  );
}
