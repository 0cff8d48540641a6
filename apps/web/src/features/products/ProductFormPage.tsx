import { type Product, type ProductForm, type ProductInput, productInputSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import ListIcon from "@mui/icons-material/List";
import { Alert, Box, Button, FormControlLabel, FormHelperText, Link, Switch } from "@mui/material";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { FormCard, FullRow, SaveButton } from "../../components/FormCard";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { SpinInput, SwitchInput } from "../../components/RecordFields";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { OrderTypeChecks } from "../../components/ScheduleFields";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useCategories } from "../menu-categories/api";
import { useFlavours, useSizes } from "../menu-options/api";
import { ImageInput } from "../users/ImageInput";
import { useProduct, useProductLookups, useSaveProduct, useSetSoldOut } from "./api";
import { buildGrid, type GridCell, inOptionOrder } from "./grid";
import { IdSelect, OptionsPicker, TrackingField } from "./ProductFields";
import { ADD_RECIPE_PATH, PRODUCT_ROUTES } from "./paths";
import { EMPTY_PRODUCT, fieldsFor, formOf } from "./product-form";
import { VariantGrid } from "./VariantGrid";

function ProductEditor({ product, copy }: { product: Product | null; copy: boolean }) {
  const editing = product !== null && !copy;
  const save = useSaveProduct(editing ? product.id : null);
  const soldOut = useSetSoldOut();
  const categories = useCategories({ active: "true" });
  const sizes = useSizes();
  const flavours = useFlavours();
  const lookups = useProductLookups();
  const result = useResultDialog();
  const navigate = useNavigate();
  const initial = useMemo(() => (product ? formOf(product, copy) : EMPTY_PRODUCT), [product, copy]);
  const [markSoldOut, setMarkSoldOut] = useState(editing ? product.soldOut : false);
  const [imageBusy, setImageBusy] = useState(false);
  const form = useForm<ProductForm, unknown, ProductInput>({
    resolver: zodResolver(productInputSchema),
    defaultValues: initial,
    mode: "onTouched",
  });
  useEffect(() => form.reset(initial), [initial, form]);
  const watched = useWatch({ control: form.control, name: ["sizeIds", "flavourIds", "variants", "track"] });
  const sizeIds = (watched[0] ?? []) as number[];
  const flavourIds = (watched[1] ?? []) as number[];
  const cells = (watched[2] ?? []) as GridCell[];
  const track = watched[3] ?? "recipe";
  const busy = save.isPending || soldOut.isPending;

  const sizeList = sizes.data?.data ?? [];
  const flavourList = flavours.data?.data ?? [];
  const regrid = (nextSizes: number[], nextFlavours: number[]) => {
    form.setValue("sizeIds", nextSizes);
    form.setValue("flavourIds", nextFlavours);
    const current = form.getValues("variants") as GridCell[];
    form.setValue("variants", buildGrid(nextSizes, nextFlavours, current) as ProductForm["variants"], {
      shouldValidate: form.formState.isSubmitted,
    });
  };
  const nameOf = (list: readonly { id: number; name: string }[], id: number | null | undefined) =>
    id === null || id === undefined ? "" : (list.find((option) => option.id === id)?.name ?? `#${id}`);
  const names = cells.map((cell) =>
    [nameOf(sizeList, cell.sizeId), nameOf(flavourList, cell.flavourId)].filter(Boolean).join(" "),
  );
  const categoryOptions = (categories.data?.data ?? []).map((row) => ({
    id: row.id,
    label: row.level === 2 ? `${row.parentName} > ${row.name}` : row.name,
    indent: row.level === 2,
  }));
  const onImageBusy = useCallback((value: boolean) => setImageBusy(value), []);

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: async (answer) => {
        let message = `${answer.message}: ${answer.data.code} ${answer.data.name}`;
        if (answer.data.soldOut !== markSoldOut) {
          const marked = await soldOut
            .mutateAsync({ id: answer.data.id, soldOut: markSoldOut })
            .catch((error: unknown) => ({ message: `but not marked sold out: ${errorMessage(error)}` }));
          message = `${message}; ${marked.message}`;
        }
        result.show("Success", message);
        if (editing) navigate(PRODUCT_ROUTES.list);
        else {
          form.reset(EMPTY_PRODUCT);
          setMarkSoldOut(false);
        }
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, fieldsFor(input.variants.length));
        result.show("Error", errorMessage(error));
      },
    }),
  );

  return (
    <>
      <FormCard
        label={editing ? "Edit Product" : "Add Product"}
        onSubmit={onSubmit}
        wide
        actions={
          <>
            <SaveButton disabled={imageBusy} busy={busy} label={editing ? "Update" : "Save"} />
            <Button component={RouterLink} to={PRODUCT_ROUTES.list} startIcon={<ListIcon />}>
              View Products
            </Button>
          </>
        }
      >
        {copy && product ? (
          <FullRow>
            <Alert severity="info" sx={{ mb: 2 }}>
              A copy of {product.code} {product.name}: give it its own name; barcodes and image are left blank.
            </Alert>
          </FullRow>
        ) : null}
        <TextInput control={form.control} name="name" label="Product Name" required disabled={busy} autoFocus />
        <TextInput
          control={form.control}
          name="code"
          label="Code"
          hint="Leave blank for the next P-0001 style code"
          disabled={busy}
        />
        <IdSelect
          control={form.control}
          name="categoryId"
          label="Category"
          required
          options={categoryOptions}
          placeholder={categories.isPending ? "Loading…" : "Choose the category"}
          disabled={busy}
        />
        <IdSelect
          control={form.control}
          name="taxClassId"
          label="Tax Class"
          options={(lookups.data?.taxClasses ?? []).map((row) => ({
            id: row.id,
            label: `${row.name} (${(row.rateBp / 100).toFixed(2)}%)`,
          }))}
          placeholder="None"
          disabled={busy}
        />
        <IdSelect
          control={form.control}
          name="stationId"
          label="Kitchen Station"
          options={(lookups.data?.stations ?? []).map((row) => ({ id: row.id, label: row.name }))}
          placeholder="The category's station"
          hint="Overrides the category's station for this product"
          disabled={busy}
        />
        <SpinInput
          control={form.control}
          name="prepMinutes"
          label="Preparation Minutes"
          empty={0}
          min={0}
          max={600}
          hint="For the kitchen display's timer"
          disabled={busy}
        />
        <FullRow>
          <TextInput control={form.control} name="description" label="Description" multiline disabled={busy} />
        </FullRow>
        <FullRow>
          <ImageInput
            control={form.control}
            name="imagePath"
            label="Product Image"
            testId="product-image"
            onBusyChange={onImageBusy}
          />
        </FullRow>
        <OrderTypeChecks control={form.control} name="orderTypes" disabled={busy} />
        <Box sx={{ display: "grid" }}>
          <Controller
            control={form.control}
            name="availableInPos"
            render={({ field: { value, onChange }, fieldState }) => (
              <Box>
                <FormControlLabel
                  label="Available in POS"
                  control={<Switch checked={value ?? false} onChange={(event) => onChange(event.target.checked)} />}
                />
                <FormHelperText error={fieldState.error !== undefined} sx={{ mt: 0 }}>
                  {fieldState.error ? (
                    <>
                      {fieldState.error.message}{" "}
                      <Link component={RouterLink} to={ADD_RECIPE_PATH}>
                        Add Recipe
                      </Link>
                    </>
                  ) : track === "recipe" ? (
                    "A recipe-tracked product needs a recipe for every active variant first"
                  ) : (
                    " "
                  )}
                </FormHelperText>
              </Box>
            )}
          />
          <FormControlLabel
            label="Sold out"
            control={<Switch checked={markSoldOut} onChange={(event) => setMarkSoldOut(event.target.checked)} />}
          />
          <SwitchInput control={form.control} name="active" label="Active" />
        </Box>
        <OptionsPicker
          label="Sizes"
          options={sizeList}
          value={sizeIds}
          onChange={(ids) => regrid(inOptionOrder(ids, sizeList), flavourIds)}
          loading={sizes.isPending}
          disabled={busy}
          hint="Each size makes a row per flavour"
        />
        <OptionsPicker
          label="Flavours"
          options={flavourList}
          value={flavourIds}
          onChange={(ids) => regrid(sizeIds, inOptionOrder(ids, flavourList))}
          loading={flavours.isPending}
          disabled={busy}
          hint="None chosen: one row per size"
        />
        <FullRow>
          <TrackingField control={form.control} disabled={busy} />
        </FullRow>
        <FullRow>
          <VariantGrid control={form.control} cells={cells} names={names} track={track} disabled={busy} />
        </FullRow>
      </FormCard>
      <ResultDialog {...result.dialogProps} />
    </>
  );
}

/** /inventory/Product/addProduct: add a product, change one (`?id=`) or start from a copy (`?copy=`). */
export default function ProductFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || null;
  const copyOf = Number(params.get("copy")) || null;
  const product = useProduct(id ?? copyOf);
  if (id === null && copyOf === null) return <ProductEditor product={null} copy={false} />;
  if (product.isPending) return <PageLoader label="Loading the product" />;
  if (product.error) return <Alert severity="error">Could not load the product. {errorMessage(product.error)}</Alert>;
  return <ProductEditor key={`${id}-${copyOf}`} product={product.data} copy={id === null} />;
}
