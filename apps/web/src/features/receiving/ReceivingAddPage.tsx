import {
  costLineOf,
  costReceiving,
  formatMinor,
  PAYMENT_KINDS,
  PAYMENT_LABELS,
  parseMinor,
  type ReceivingCreateForm,
  type ReceivingCreateInput,
  type ReceivingProduct,
  type ReceivingSaved,
  receivingCreateSchema,
} from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, MenuItem, Paper, TextField, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { Controller, type FieldPath, useForm, useWatch } from "react-hook-form";
import { DocumentSavedDialog, DraftPostButtons } from "../../components/DocumentSavedDialog";
import { BoundField, TextInput } from "../../components/FormFields";
import { LinesPanel } from "../../components/LineGrid";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { ApiError, errorMessage } from "../../lib/api";
import { companyToday } from "../../lib/dates";
import { grnPdf, useCreateReceiving, useReceivingOptions } from "./api";
import { VendorPicker } from "./ReceivingHeader";
import { ChargesGrid, EMPTY_LINE, LinesGrid } from "./ReceivingLines";

/** Every message of a form's errors with the field it belongs to ("lines.1.qty: ..."), for a summary. */
function issuesOf(errors: object, path = ""): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== "object") return [];
    const at = path ? `${path}.${key}` : key;
    const own =
      "message" in value && typeof value.message === "string" && value.message ? [`${at}: ${value.message}`] : [];
    return [...own, ...issuesOf(Object.fromEntries(Object.entries(value).filter(([k]) => k !== "ref")), at)];
  });
}

const emptyForm = (): ReceivingCreateForm => ({
  vendorId: 0,
  vendorBillNo: "",
  billDate: "",
  businessDate: companyToday(),
  locationId: 1,
  payment: "credit",
  payAccountId: null,
  notes: "",
  charges: [],
  lines: [{ ...EMPTY_LINE }],
  post: false,
});

/** /inventory/Product/addReciving: enter a vendor's bill as a GRN, save it as a draft or post it. */
export default function ReceivingAddPage() {
  const options = useReceivingOptions();
  const create = useCreateReceiving();
  const result = useResultDialog();
  const [saved, setSaved] = useState<ReceivingSaved | null>(null);
  const [products, setProducts] = useState<Map<number, ReceivingProduct>>(new Map());
  const form = useForm<ReceivingCreateForm, unknown, ReceivingCreateInput>({
    resolver: zodResolver(receivingCreateSchema),
    defaultValues: emptyForm(),
    // Errors show once a save is tried, then follow each change: a blur never reflows the grid under the pointer.
    mode: "onSubmit",
  });
  const [lines, charges, payment] = useWatch({ control: form.control, name: ["lines", "charges", "payment"] });
  const taxRecoverable = options.data?.taxRecoverable ?? true;
  const cost = useMemo(
    () =>
      costReceiving(
        (lines ?? []).map((line) =>
          costLineOf({
            qty: Number(line?.qty) || 0,
            unitCost: Number(line?.unitCost) || 0,
            discount: Number(line?.discount) || 0,
            taxRate: Number(line?.taxRate) || 0,
          }),
        ),
        (charges ?? []).map((charge) => parseMinor(Number(charge?.amount) || 0) ?? 0n),
        taxRecoverable,
      ),
    [lines, charges, taxRecoverable],
  );

  const pickProduct = (index: number, product: ReceivingProduct | null) => {
    if (product) setProducts((current) => new Map(current).set(product.id, product));
    form.setValue(`lines.${index}.storeProductId`, product?.id ?? 0, { shouldValidate: true });
    form.setValue(`lines.${index}.uomId`, product ? (product.purchaseUomId ?? product.stockUomId) : 0, {
      shouldValidate: true,
    });
    if (product?.lastPurchaseCost && !product.purchaseUomId)
      form.setValue(`lines.${index}.unitCost`, product.lastPurchaseCost);
  };

  const submit = (post: boolean) =>
    form.handleSubmit(
      (values) =>
        create.mutate(
          { ...values, post },
          {
            onSuccess: (answer) => {
              setSaved(answer);
              form.reset(emptyForm());
            },
            onError: (error) => {
              if (error instanceof ApiError)
                for (const issue of error.fieldIssues)
                  form.setError(issue.field as FieldPath<ReceivingCreateForm>, {
                    type: "server",
                    message: issue.message,
                  });
              result.show("Error", errorMessage(error));
            },
          },
        ),
      (errors) => result.show("Error", `Please correct: ${issuesOf(errors).join("; ")}`),
    );

  if (options.isPending) return <PageLoader label="Loading the receiving form" />;
  if (options.error || !options.data)
    return (
      <Alert severity="error" action={<Button onClick={() => void options.refetch()}>Retry</Button>}>
        Could not load the receiving form. {errorMessage(options.error)}
      </Alert>
    );
  const busy = create.isPending;
  const payAccounts = payment === "bank" ? options.data.bankAccounts : options.data.cashAccounts;
  const totals: [string, bigint][] = [
    ["Subtotal", cost.subtotalMinor],
    ["Discount", cost.discountMinor],
    ["Tax", cost.taxMinor],
    ["Charges", cost.chargesMinor],
    ["Total", cost.totalMinor],
  ];

  return (
    <Box
      component="form"
      noValidate
      aria-label="Receiving Add"
      onSubmit={submit(true)}
      sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          sx={{ display: "grid", columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" } }}
        >
          <VendorPicker control={form.control} disabled={busy} />
          <TextInput control={form.control} name="vendorBillNo" label="Vendor Bill No" disabled={busy} />
          <TextInput control={form.control} name="billDate" label="Bill Date" type="date" disabled={busy} />
          <TextInput
            control={form.control}
            name="businessDate"
            label="Received Date"
            type="date"
            required
            disabled={busy}
            max={companyToday()}
          />
          <BoundField control={form.control} name="locationId" label="Location" select required disabled={busy}>
            {options.data.locations.map((location) => (
              <MenuItem key={location.id} value={location.id}>
                {location.name}
              </MenuItem>
            ))}
          </BoundField>
          <Controller
            control={form.control}
            name="payment"
            render={({ field: { ref, ...field } }) => (
              <TextField
                {...field}
                inputRef={ref}
                select
                required
                label="Payment"
                disabled={busy}
                helperText=" "
                onChange={(event) => {
                  field.onChange(event.target.value);
                  form.setValue(
                    "payAccountId",
                    event.target.value === "cash" ? options.data.defaultCashAccountId : null,
                  );
                }}
              >
                {PAYMENT_KINDS.map((kind) => (
                  <MenuItem key={kind} value={kind}>
                    {PAYMENT_LABELS[kind]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {payment !== "credit" ? (
            <BoundField
              control={form.control}
              name="payAccountId"
              label={payment === "bank" ? "Bank Account" : "Cash Account"}
              select
              required
              disabled={busy}
            >
              {payAccounts.map((account) => (
                <MenuItem key={account.id} value={account.id}>
                  {account.code} - {account.name}
                </MenuItem>
              ))}
            </BoundField>
          ) : null}
          <Box sx={{ gridColumn: { md: payment !== "credit" ? "span 2" : "span 3" } }}>
            <TextInput control={form.control} name="notes" label="Notes" disabled={busy} />
          </Box>
        </Box>
      </Paper>
      <LinesPanel error={form.formState.errors.lines?.message}>
        <LinesGrid
          control={form.control}
          costed={cost.lines}
          products={products}
          productIds={(lines ?? []).map((line) => Number(line?.storeProductId) || 0)}
          onProduct={pickProduct}
          disabled={busy}
        />
      </LinesPanel>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr" }, alignItems: "start" }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <ChargesGrid control={form.control} disabled={busy} />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-label="Totals" component="section">
          {totals.map(([label, minor]) => (
            <Box
              key={label}
              sx={{ display: "flex", justifyContent: "space-between", fontWeight: label === "Total" ? 700 : 400 }}
            >
              <span>{label}</span>
              <span data-testid={`total-${label.toLowerCase()}`}>{formatMinor(minor)}</span>
            </Box>
          ))}
          <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
            Into stock at landed cost: {formatMinor(cost.landedMinor)}
            {taxRecoverable ? " (tax recoverable, kept out)" : " (tax included)"}
          </Typography>
        </Paper>
      </Box>
      <DraftPostButtons busy={busy} onSaveDraft={submit(false)} />
      <DocumentSavedDialog
        saved={saved}
        onClose={() => setSaved(null)}
        kind="Receiving"
        numberLabel="GRN number"
        testId="grn"
        noVoucher="nothing to pay"
        draft="Saved as a draft. It gets its GRN number when it is posted from Receiving List."
        printLabel="Print GRN"
        printTitle="GRN"
        pdf={grnPdf}
        newLabel="New receiving"
      />
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}
