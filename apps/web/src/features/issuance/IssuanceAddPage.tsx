import { type IssuanceSaved, issuanceCreateSchema, stockShortLineSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, MenuItem, Paper } from "@mui/material";
import { useState } from "react";
import { type FieldPath, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { DocumentSavedDialog, DraftPostButtons } from "../../components/DocumentSavedDialog";
import { BoundField, TextInput } from "../../components/FormFields";
import { LinesPanel } from "../../components/LineGrid";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { ApiError, errorMessage } from "../../lib/api";
import { companyToday } from "../../lib/dates";
import { useStockBalances, useStockLocations, useStockUnits } from "../inventory-ledger/api";
import { issueSlipPdf, useCreateIssuance } from "./api";
import { EMPTY_LINE, type IssuanceForm, IssuanceLinesGrid } from "./IssuanceLines";

const shortAnswerSchema = z.object({ lines: z.array(stockShortLineSchema) });

const emptyForm = (fromLocationId: number, toLocationId: number): IssuanceForm => ({
  fromLocationId,
  toLocationId,
  businessDate: companyToday(),
  issuedTo: "",
  notes: "",
  lines: [{ ...EMPTY_LINE }],
  post: false,
});

/** /inventory/issuance/addIssuance: move stock from the Store to the Kitchen at the Store's average cost. */
export default function IssuanceAddPage() {
  const locations = useStockLocations();
  const units = useStockUnits();
  const create = useCreateIssuance();
  const result = useResultDialog();
  const [saved, setSaved] = useState<IssuanceSaved | null>(null);
  const store = locations.data?.find((location) => location.kind === "store")?.id ?? 1;
  const kitchen = locations.data?.find((location) => location.kind === "kitchen")?.id ?? 2;
  const form = useForm<IssuanceForm, unknown, z.output<typeof issuanceCreateSchema>>({
    resolver: zodResolver(issuanceCreateSchema),
    defaultValues: emptyForm(1, 2),
    mode: "onTouched",
  });
  const from = Number(useWatch({ control: form.control, name: "fromLocationId" })) || store;
  const balances = useStockBalances(from);
  const products = (balances.data?.rows ?? []).filter((row) => row.active);

  /** A 409 puts each short line's message on its quantity, where the storekeeper is looking. */
  const showShortfall = (error: ApiError) => {
    const parsed = shortAnswerSchema.safeParse(error.details);
    if (!parsed.success) return false;
    const lines = form.getValues("lines");
    for (const short of parsed.data.lines) {
      const index = lines.findIndex((line) => Number(line.storeProductId) === short.storeProductId);
      const uom = products.find((row) => row.storeProductId === short.storeProductId)?.stockUom ?? "";
      if (index >= 0)
        form.setError(`lines.${index}.qty`, {
          type: "server",
          message: `Not enough stock: ${short.available} ${uom} available, ${short.requested} ${uom} asked`,
        });
    }
    return true;
  };

  const submit = (post: boolean) =>
    form.handleSubmit((values) =>
      create.mutate(
        { ...values, post },
        {
          onSuccess: (answer) => {
            setSaved(answer);
            form.reset(emptyForm(values.fromLocationId, values.toLocationId));
          },
          onError: (error) => {
            if (error instanceof ApiError) {
              for (const issue of error.fieldIssues)
                form.setError(issue.field as FieldPath<IssuanceForm>, { type: "server", message: issue.message });
              if (error.status === 409 && showShortfall(error)) return;
            }
            result.show("Error", errorMessage(error));
          },
        },
      ),
    );

  if (locations.isPending || units.isPending) return <PageLoader label="Loading the issuance form" />;
  if (locations.error || units.error || !locations.data || !units.data)
    return (
      <Alert severity="error" action={<Button onClick={() => void locations.refetch()}>Retry</Button>}>
        Could not load the issuance form. {errorMessage(locations.error ?? units.error)}
      </Alert>
    );
  const busy = create.isPending;
  const locationSelect = (name: "fromLocationId" | "toLocationId", label: string, fallback: number) => (
    <BoundField
      control={form.control}
      name={name}
      select
      required
      label={label}
      show={(value) => Number(value) || fallback}
      parse={(input) => Number(input.value)}
      disabled={busy}
    >
      {locations.data.map((location) => (
        <MenuItem key={location.id} value={location.id}>
          {location.name}
        </MenuItem>
      ))}
    </BoundField>
  );
  const textField = (name: "issuedTo" | "notes", label: string) => (
    <TextInput control={form.control} name={name} label={label} disabled={busy} />
  );

  return (
    <Box component="form" noValidate aria-label="Issuance Add" onSubmit={submit(true)} sx={{ display: "grid", gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          sx={{ display: "grid", columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" } }}
        >
          {locationSelect("fromLocationId", "From", store)}
          {locationSelect("toLocationId", "To", kitchen)}
          <TextInput
            control={form.control}
            name="businessDate"
            label="Date"
            type="date"
            required
            max={companyToday()}
            disabled={busy}
          />
          {textField("issuedTo", "Issued To")}
          <Box sx={{ gridColumn: { md: "span 2" } }}>{textField("notes", "Notes")}</Box>
        </Box>
      </Paper>
      <LinesPanel error={form.formState.errors.lines?.message}>
        {balances.error ? <Alert severity="error">{errorMessage(balances.error)}</Alert> : null}
        <IssuanceLinesGrid control={form.control} products={products} units={units.data} disabled={busy} />
      </LinesPanel>
      <DraftPostButtons busy={busy} onSaveDraft={submit(false)} />
      <DocumentSavedDialog
        saved={saved}
        onClose={() => setSaved(null)}
        kind="Issuance"
        numberLabel="Issuance number"
        testId="issuance"
        noVoucher="both locations use the same inventory account"
        draft="Saved as a draft. It gets its number when it is posted from Issuance List."
        printLabel="Print issue slip"
        printTitle="Issue slip"
        pdf={issueSlipPdf}
        newLabel="New issuance"
      />
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}
