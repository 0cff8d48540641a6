import { type Deal, type DealForm, type DealInput, type DealVariant, dealInputSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import ListIcon from "@mui/icons-material/List";
import { Box, Button, Typography } from "@mui/material";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Controller, type FieldPath, useForm, useWatch } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import { FormCard, FullRow, SaveButton } from "../../components/FormCard";
import { SelectInput, TextInput } from "../../components/FormFields";
import { NumberInput } from "../../components/NumberInput";
import { SwitchInput } from "../../components/RecordFields";
import { RecordFormPage } from "../../components/RecordForm";
import { SaveResultDialog, useSaveResult } from "../../components/SaveResultDialog";
import { OrderTypeChecks, TimeField, WeekdayToggles } from "../../components/ScheduleFields";
import { ApiError } from "../../lib/api";
import { useCategories } from "../menu-categories/api";
import { ImageUploadField } from "../users/ImageUploadField";
import { AllocationTable, previewLines } from "./AllocationPreview";
import { useDeal, useSaveDeal } from "./api";
import { ChoiceGroups, FixedLines } from "./DealComponents";
import { dealFormOf, EMPTY_DEAL, type KnownVariant, variantsOf } from "./deal-form";
import { DEAL_ROUTES } from "./paths";

type Form = ReturnType<typeof useForm<DealForm, unknown, DealInput>>;

/** The default lines of the form as it stands, with the prices the pickers know, for the live preview. */
function useLivePreview(form: Form, known: ReadonlyMap<number, KnownVariant>) {
  const [price, fixed, choices] = useWatch({ control: form.control, name: ["price", "fixed", "choices"] });
  const lines = [
    ...(fixed ?? []).map((line) => ({ variantId: Number(line.variantId), qty: line.qty })),
    ...(choices ?? []).flatMap((choice) =>
      (choice.options ?? [])
        .filter((option) => option.isDefault)
        .map((option) => ({ variantId: Number(option.variantId), qty: option.qty })),
    ),
  ].flatMap((line) => {
    const variant = known.get(line.variantId);
    const qty = Number(line.qty);
    return variant && Number.isInteger(qty) && qty > 0
      ? [{ variantId: line.variantId, label: variant.label, unitPrice: variant.price, qty }]
      : [];
  });
  return previewLines(price, lines);
}

function DealEditor({ deal }: { deal: Deal | null }) {
  const save = useSaveDeal(deal?.id ?? null);
  const result = useSaveResult();
  const navigate = useNavigate();
  const categories = useCategories({ active: "true" });
  const [known, setKnown] = useState<Map<number, KnownVariant>>(() => (deal ? variantsOf(deal) : new Map()));
  const [uploading, setUploading] = useState(false);
  // After an edit the list opens once the result has been read (the dialog lives on this page).
  const [backToList, setBackToList] = useState(false);
  const form = useForm<DealForm, unknown, DealInput>({
    resolver: zodResolver(dealInputSchema),
    defaultValues: deal ? dealFormOf(deal) : EMPTY_DEAL,
    // Checked on Save, then again as each field changes: messages showing up on blur would move the
    // grid's "Add line" buttons under the pointer.
    mode: "onSubmit",
  });
  useEffect(() => {
    form.reset(deal ? dealFormOf(deal) : EMPTY_DEAL);
    if (deal) setKnown(variantsOf(deal));
  }, [deal, form]);
  const remember = useCallback(
    (variant: DealVariant) =>
      setKnown((current) => new Map(current).set(variant.variantId, { label: variant.label, price: variant.price })),
    [],
  );
  const preview = useLivePreview(form, known);
  const categoryOptions = useMemo(
    () =>
      (categories.data?.data ?? []).map((row) => ({
        value: String(row.id),
        label: row.parentName ? `${row.parentName} › ${row.name}` : row.name,
      })),
    [categories.data],
  );

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        result.show("Success", answer.message, `${answer.data.code} ${answer.data.name}`);
        if (deal) setBackToList(true);
        else form.reset(EMPTY_DEAL);
      },
      onError: (error) => {
        // The server names each wrong field by its path in the form (e.g. choices.0.options.1.variantId).
        if (error instanceof ApiError)
          for (const issue of error.fieldIssues)
            form.setError(issue.field as FieldPath<DealForm>, { type: "server", message: issue.message });
        result.failed(error);
      },
    }),
  );

  const busy = save.isPending;
  const errors = form.formState.errors;
  const groupCount = useWatch({ control: form.control, name: "choices" })?.length ?? 0;
  const editorProps = { control: form.control, known, remember, disabled: busy };
  return (
    <>
      <FormCard
        label={deal ? "Edit Deal" : "Add Deal"}
        onSubmit={(event) => void onSubmit(event)}
        wide
        actions={
          <>
            <SaveButton disabled={uploading} busy={busy} label={deal ? "Update" : "Save"} />
            <Button component={RouterLink} to={DEAL_ROUTES.list} startIcon={<ListIcon />}>
              View Deals
            </Button>
          </>
        }
      >
        <TextInput control={form.control} name="name" label="Deal Name" required autoFocus disabled={busy} />
        <TextInput
          control={form.control}
          name="code"
          label="Code"
          hint="Leave empty for the next D-0001 code"
          disabled={busy}
        />
        <SelectInput
          control={form.control}
          name="categoryId"
          label="POS Category"
          placeholder={categories.isPending ? "Loading categories…" : "Choose a category"}
          options={categoryOptions}
          hint="The POS shows the deal's button on this category's page"
          required
          disabled={busy}
        />
        <NumberInput control={form.control} name="price" label="Deal Price" required empty={null} disabled={busy} />
        <TextInput
          control={form.control}
          name="validFrom"
          label="Valid From"
          type="date"
          hint="Empty: from now"
          disabled={busy}
        />
        <TextInput
          control={form.control}
          name="validTo"
          label="Valid To"
          type="date"
          hint="Empty: no end"
          disabled={busy}
        />
        <TimeField control={form.control} name="timeFrom" label="Time From" disabled={busy} />
        <TimeField control={form.control} name="timeTo" label="Time To" disabled={busy} />
        <WeekdayToggles
          control={form.control}
          name="weekdays"
          hint="The days the POS offers the deal"
          disabled={busy}
        />
        <OrderTypeChecks control={form.control} name="orderTypes" disabled={busy} />
        <FullRow>
          <Controller
            control={form.control}
            name="imagePath"
            render={({ field, fieldState }) => (
              <ImageUploadField
                label="Deal Image"
                value={field.value ?? null}
                onChange={field.onChange}
                showStored
                onBusyChange={setUploading}
                error={fieldState.error?.message}
                testId="deal-image"
              />
            )}
          />
        </FullRow>
        <FullRow>
          <SwitchInput control={form.control} name="active" label="Active (offered at the POS)" />
        </FullRow>
        <FullRow>
          <FixedLines
            {...editorProps}
            groupCount={groupCount}
            error={errors.fixed?.message ?? errors.fixed?.root?.message}
          />
        </FullRow>
        <FullRow>
          <ChoiceGroups
            {...editorProps}
            optionsError={(index) => {
              const options = errors.choices?.[index]?.options;
              return options?.message ?? options?.root?.message;
            }}
          />
        </FullRow>
        <FullRow>
          <Box component="section" aria-label="Allocation preview" sx={{ mt: 1 }}>
            <Typography variant="subtitle1" component="h2">
              Allocation preview
            </Typography>
            <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
              The deal price spread over the fixed lines and default options by list price; revenue and tax split the
              same way.
            </Typography>
            <AllocationTable lines={preview} label="Allocation of the deal price" />
          </Box>
        </FullRow>
      </FormCard>
      <SaveResultDialog
        {...result.dialogProps}
        onClose={() => {
          result.dialogProps.onClose();
          if (backToList) navigate(DEAL_ROUTES.list);
        }}
      />
    </>
  );
}

/** /inventory/deal/addDeal: add a deal, or change one (`?id=`) from the list. */
export default function DealFormPage() {
  return (
    <RecordFormPage noun="deal" useRecord={useDeal}>
      {(deal) => <DealEditor deal={deal} />}
    </RecordFormPage>
  );
}
