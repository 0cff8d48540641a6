import { type Category, type CategoryForm, categoryInputSchema } from "@cargodesk/shared";
import { MenuItem, TextField } from "@mui/material";
import { Controller, type FieldPath } from "react-hook-form";
import { TextInput } from "../../components/FormFields";
import { SortInput, SwitchInput } from "../../components/RecordFields";
import { RecordFormCard, RecordFormPage, useRecordForm } from "../../components/RecordForm";
import { AccountField } from "../chart/AccountField";
import { useCategories, useCategory, useSaveCategory } from "./api";
import { CATEGORY_ROUTES } from "./paths";

const EMPTY: CategoryForm = {
  name: "",
  parentId: null,
  sort: 0,
  color: "",
  stationId: null,
  sendToKitchen: true,
  revenueAccountId: null,
  cogsAccountId: null,
  active: true,
};

const valuesOf = (category: Category | null): CategoryForm =>
  category === null
    ? EMPTY
    : {
        name: category.name,
        parentId: category.parentId,
        sort: category.sort,
        color: category.color,
        stationId: category.stationId,
        sendToKitchen: category.sendToKitchen,
        revenueAccountId: category.revenueAccountId,
        cogsAccountId: category.cogsAccountId,
        active: category.active,
      };

const FIELD_NAMES: FieldPath<CategoryForm>[] = [
  "name",
  "parentId",
  "sort",
  "color",
  "stationId",
  "revenueAccountId",
  "cogsAccountId",
];

function CategoryEditor({ category }: { category: Category | null }) {
  const categories = useCategories();
  const state = useRecordForm({
    record: category,
    schema: categoryInputSchema,
    valuesOf,
    save: useSaveCategory(category?.id ?? null),
    fields: FIELD_NAMES,
    listRoute: CATEGORY_ROUTES.list,
    // The next category most likely goes under the same parent.
    afterAdd: (input) => ({ ...EMPTY, parentId: input.parentId }),
  });
  const { control, busy } = state;
  // Only top-level categories can be parents; a category with sub-categories stays at the top.
  const parents = (categories.data?.data ?? []).filter((row) => row.level === 1 && row.id !== category?.id);
  const canHaveParent = (category?.childCount ?? 0) === 0;

  return (
    <RecordFormCard state={state} noun="Menu Category" listLabel="View Categories" wide>
      <TextInput control={control} name="name" label="Category Name" required disabled={busy} />
      <Controller
        control={control}
        name="parentId"
        render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            select
            label="Parent Category"
            value={value === null || value === undefined ? "" : String(value)}
            onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
            disabled={busy || !canHaveParent}
            error={fieldState.error !== undefined}
            helperText={
              fieldState.error?.message ??
              (canHaveParent ? "Leave empty for a top-level category" : "It has sub-categories, so it stays on top")
            }
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <MenuItem value="">
              <em>None (top level)</em>
            </MenuItem>
            {parents.map((parent) => (
              <MenuItem key={parent.id} value={String(parent.id)}>
                {parent.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <SortInput control={control} disabled={busy} />
      <TextInput
        control={control}
        name="color"
        label="Colour"
        hint="The POS button colour as #RRGGBB, e.g. #ff8800; empty for the default"
        disabled={busy}
      />
      <AccountField
        control={control}
        name="revenueAccountId"
        label="Revenue Account"
        classKey="4"
        hint="Optional: else the POS default"
        disabled={busy}
      />
      <AccountField
        control={control}
        name="cogsAccountId"
        label="COGS Account"
        classKey="5"
        hint="Optional: else the POS default"
        disabled={busy}
      />
      <SwitchInput control={control} name="sendToKitchen" label="Send to kitchen" />
      <SwitchInput control={control} name="active" label="Active" />
    </RecordFormCard>
  );
}

/** /inventory/catagory/addcatagory: add a menu category, or change one (`?id=`) from the list. */
export default function CategoryFormPage() {
  return (
    <RecordFormPage noun="category" useRecord={useCategory}>
      {(category) => <CategoryEditor category={category} />}
    </RecordFormPage>
  );
}
