import { UNIT_DIMENSIONS, type UnitInput, type UnitUsageRow, unitInputSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import ListIcon from "@mui/icons-material/List";
import { Alert, Button } from "@mui/material";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { FormCard, SaveButton } from "../../components/FormCard";
import { SelectInput, TextInput } from "../../components/FormFields";
import { NumberInput } from "../../components/NumberInput";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useSaveUnit, useUnitUsage } from "./api";
import { UNIT_ROUTES } from "./paths";

type UnitOutput = z.output<typeof unitInputSchema>;
const EMPTY: UnitInput = { uomName: "", symbol: "", dimension: "count", factor: 1 };
const FIELDS = ["uomName", "symbol", "dimension", "factor"] as const;
const DIMENSIONS = UNIT_DIMENSIONS.map((dimension) => ({ value: dimension, label: dimension }));

function UnitEditor({ unit }: { unit: UnitUsageRow | null }) {
  const save = useSaveUnit(unit?.uomId ?? null);
  const result = useResultDialog();
  const navigate = useNavigate();
  const form = useForm<UnitInput, unknown, UnitOutput>({
    resolver: zodResolver(unitInputSchema),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  useEffect(
    () =>
      form.reset(
        unit ? { uomName: unit.uomName, symbol: unit.symbol, dimension: unit.dimension, factor: unit.factor } : EMPTY,
      ),
    [unit, form],
  );

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        result.show("Success", `${answer.message}: ${answer.data.uomName}`);
        if (unit) navigate(UNIT_ROUTES.list);
        else form.reset(EMPTY);
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, FIELDS);
        result.show("Error", errorMessage(error));
      },
    }),
  );

  const used = unit ? unit.stockProducts + unit.purchaseProducts + unit.packs > 0 : false;
  return (
    <>
      {used ? (
        <Alert severity="info" sx={{ mb: 2, maxWidth: 560 }}>
          Store products use {unit?.uomName}: its name and symbol can change, its dimension and factor cannot.
        </Alert>
      ) : null}
      <FormCard
        label={unit ? "Edit UOM" : "Add UOM"}
        onSubmit={onSubmit}
        actions={
          <>
            <SaveButton disabled={save.isPending} busy={save.isPending} label={unit ? "Update" : "Save"} />
            <Button component={RouterLink} to={UNIT_ROUTES.list} startIcon={<ListIcon />}>
              List UOM
            </Button>
          </>
        }
      >
        <TextInput control={form.control} name="uomName" label="Name" required hint="e.g. CARTON, BOTTLE" />
        <TextInput control={form.control} name="symbol" label="Symbol" hint="e.g. ctn, btl" />
        <SelectInput
          control={form.control}
          name="dimension"
          label="Dimension"
          required
          options={DIMENSIONS}
          placeholder="Choose"
          hint="Units convert only within one dimension"
        />
        <NumberInput
          control={form.control}
          name="factor"
          label="Factor to base"
          required
          empty={null}
          hint="g = 1 and kg = 1000; ml = 1 and L = 1000; pcs = 1 and dozen = 12"
        />
      </FormCard>
      <ResultDialog {...result.dialogProps} />
    </>
  );
}

/** /inventory/uom/adduom (Master Control > UOM): add a unit, or change one (`?id=`) from the list. */
export default function UomAddPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  const usage = useUnitUsage();
  if (!Number.isSafeInteger(id) || id <= 0) return <UnitEditor unit={null} />;
  if (usage.isPending) return <PageLoader />;
  const unit = usage.data?.find((row) => row.uomId === id);
  if (!unit) return <Alert severity="error">{usage.error ? errorMessage(usage.error) : "No such unit."}</Alert>;
  return <UnitEditor unit={unit} />;
}
