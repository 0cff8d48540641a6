import { type Category, type CategoryForm, type CategoryInput, categoryInputSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import ListIcon from "@mui/icons-material/List";
import { Alert, Button, FormControlLabel, MenuItem, Switch, TextField } from "@mui/material";
import { useEffect } from "react";
import { type Control, Controller, type FieldPath, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { AccountPicker } from "../../components/AccountPicker";
import { FormCard, SaveButton } from "../../components/FormCard";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useAccounts } from "../chart/api";
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

const formOf = (category: Category): CategoryForm => ({
  name: category.name,
  parentId: category.parentId,
  sort: category.sort,
  color: category.color,
  stationId: category.stationId,
  sendToKitchen: category.sendToKitchen,
  revenueAccountId: category.revenueAccountId,
  cogsAccountId: category.cogsAccountId,
  active: category.active,
});

const FIELD_NAMES: FieldPath<CategoryForm>[] = [
  "name",
  "parentId",
  "sort",
  "color",
  "stationId",
  "revenueAccountId",
  "cogsAccountId",
];

type FormControl = Control<CategoryForm, unknown, CategoryInput>;

/** The optional revenue or COGS override: a level-4 account whose full code starts with `classKey`. */
function AccountOverride({
  control,
  name,
  label,
  classKey,
  disabled,
}: {
  control: FormControl;
  name: "revenueAccountId" | "cogsAccountId";
  label: string;
  classKey: "4" | "5";
  disabled: boolean;
}) {
  const accounts = useAccounts();
  const options = (accounts.data ?? []).filter((account) => account.allLevelKey.startsWith(`${classKey}-`));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AccountPicker
          label={label}
          options={options}
          value={options.find((account) => account._id === field.value) ?? null}
          onChange={(account) => field.onChange(account?._id ?? null)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          loading={accounts.isPending}
          disabled={disabled || accounts.isError}
          error={fieldState.error !== undefined}
          helperText={
            fieldState.error?.message ??
            (accounts.isError ? "The chart of accounts is not open to you" : "Optional: else the POS default")
          }
        />
      )}
    />
  );
}

function SwitchField({
  control,
  name,
  label,
}: {
  control: FormControl;
  name: "sendToKitchen" | "active";
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, ...field } }) => (
        <FormControlLabel
          control={<Switch {...field} checked={value ?? true} onChange={(event) => onChange(event.target.checked)} />}
          label={label}
        />
      )}
    />
  );
}

function CategoryEditor({ category }: { category: Category | null }) {
  const save = useSaveCategory(category?.id ?? null);
  const categories = useCategories();
  const result = useResultDialog();
  const navigate = useNavigate();
  const form = useForm<CategoryForm, unknown, CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: category ? formOf(category) : EMPTY,
    mode: "onTouched",
  });
  useEffect(() => form.reset(category ? formOf(category) : EMPTY), [category, form]);
  // Only top-level categories can be parents; a category with sub-categories stays at the top.
  const parents = (categories.data?.data ?? []).filter((row) => row.level === 1 && row.id !== category?.id);
  const canHaveParent = (category?.childCount ?? 0) === 0;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        result.show("Success", `${answer.message}: ${answer.data.name}`);
        if (category) navigate(CATEGORY_ROUTES.list);
        else form.reset({ ...EMPTY, parentId: input.parentId });
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, FIELD_NAMES);
        result.show("Error", errorMessage(error));
      },
    }),
  );

  return (
    <>
      <FormCard
        label={category ? "Edit Menu Category" : "Add Menu Category"}
        onSubmit={onSubmit}
        wide
        actions={
          <>
            <SaveButton disabled={false} busy={save.isPending} label={category ? "Update" : "Save"} />
            <Button component={RouterLink} to={CATEGORY_ROUTES.list} startIcon={<ListIcon />}>
              View Categories
            </Button>
          </>
        }
      >
        <TextInput control={form.control} name="name" label="Category Name" required disabled={save.isPending} />
        <Controller
          control={form.control}
          name="parentId"
          render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              select
              label="Parent Category"
              value={value === null || value === undefined ? "" : String(value)}
              onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
              disabled={save.isPending || !canHaveParent}
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
        <Controller
          control={form.control}
          name="sort"
          render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              type="number"
              label="Sort"
              value={value ?? 0}
              onChange={(event) => onChange(event.target.value === "" ? 0 : Number(event.target.value))}
              slotProps={{ htmlInput: { min: 0, max: 9999, step: 1 } }}
              disabled={save.isPending}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? "Lower numbers show first"}
              fullWidth
            />
          )}
        />
        <TextInput
          control={form.control}
          name="color"
          label="Colour"
          hint="The POS button colour as #RRGGBB, e.g. #ff8800; empty for the default"
          disabled={save.isPending}
        />
        <AccountOverride
          control={form.control}
          name="revenueAccountId"
          label="Revenue Account"
          classKey="4"
          disabled={save.isPending}
        />
        <AccountOverride
          control={form.control}
          name="cogsAccountId"
          label="COGS Account"
          classKey="5"
          disabled={save.isPending}
        />
        <SwitchField control={form.control} name="sendToKitchen" label="Send to kitchen" />
        <SwitchField control={form.control} name="active" label="Active" />
      </FormCard>
      <ResultDialog {...result.dialogProps} />
    </>
  );
}

/** /inventory/catagory/addcatagory: add a menu category, or change one (`?id=`) from the list. */
export default function CategoryFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || null;
  const category = useCategory(id);
  if (id === null) return <CategoryEditor category={null} />;
  if (category.isPending) return <PageLoader label="Loading the category" />;
  if (category.error)
    return <Alert severity="error">Could not load the category. {errorMessage(category.error)}</Alert>;
  return <CategoryEditor category={category.data} />;
}
