import { formatMinor, parseMinor, recipeInputSchema, recipeSchema } from "@cargodesk/shared";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { Alert, Autocomplete, Box, Button, MenuItem, Paper, TextField, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { SaveButton } from "../../components/FormCard";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { ApiError, api, errorMessage } from "../../lib/api";
import { useStockUnits } from "../inventory-ledger/api";
import { recipeKeys, useRecipe, useRecipeIngredients, useRecipeMenu, useSaveRecipe } from "./api";
import { RecipeLines } from "./RecipeLines";
import { CopyDialog, VersionHistory } from "./RecipeParts";
import { bodyOf, emptyLine, type LineDraft, lineFigures, linesOfRecipe, totals } from "./recipe-form";

const idParam = (text: string | null) => (text && /^\d{1,9}$/.test(text) ? Number(text) : null);

/**
 * /inventory/Recipe/addRecipe: pick a product and a variant; a variant with a recipe opens its
 * current version, and saving makes the next one (`?id=` opens a version, `?variant=` a variant).
 */
export default function RecipeFormPage() {
  const [params] = useSearchParams();
  const openedId = idParam(params.get("id"));
  const menu = useRecipeMenu();
  const ingredients = useRecipeIngredients();
  const units = useStockUnits();
  const opened = useRecipe(openedId);
  const client = useQueryClient();
  const result = useResultDialog();

  const [productId, setProductId] = useState<number | null>(null);
  const [variantId, setVariantId] = useState<number | null>(idParam(params.get("variant")));
  const [portions, setPortions] = useState("1");
  const [notes, setNotes] = useState("");
  const [lines, setLines] = useState<LineDraft[]>(() => [emptyLine()]);
  const [loadedFrom, setLoadedFrom] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [copying, setCopying] = useState(false);
  const [copyBusy, setCopyBusy] = useState(false);

  const products = menu.data ?? [];
  const product =
    products.find((row) => row.variants.some((variant) => variant.variantId === variantId)) ??
    products.find((row) => row.productId === productId);
  const variant = product?.variants.find((row) => row.variantId === variantId);
  const currentRecipeId = variant?.recipeId ?? null;
  const save = useSaveRecipe(currentRecipeId);

  // ?id= names the variant; the chosen variant's current version fills the form unless ?id= named an older one.
  useEffect(() => {
    if (opened.data && variantId === null) setVariantId(opened.data.variantId);
  }, [opened.data, variantId]);
  const sourceId = opened.data && opened.data.variantId === variantId ? opened.data.id : currentRecipeId;
  const source = useRecipe(sourceId);
  useEffect(() => {
    if (!source.data || source.data.id === loadedFrom) return;
    setLoadedFrom(source.data.id);
    setPortions(String(source.data.yieldPortions));
    setNotes(source.data.notes);
    setLines(linesOfRecipe(source.data));
  }, [source.data, loadedFrom]);

  const chooseVariant = (id: number | null) => {
    setVariantId(id);
    setServerErrors({});
    setLoadedFrom(null);
    const chosen = products.flatMap((row) => row.variants).find((row) => row.variantId === id);
    if (!chosen?.recipeId) {
      setPortions("1");
      setNotes("");
      setLines([emptyLine()]);
    }
  };

  const unitRows = units.data ?? [];
  const ingredientRows = ingredients.data ?? [];
  const figures = useMemo(
    () =>
      lines.map((line) =>
        lineFigures(
          line,
          ingredientRows.find((row) => row.id === line.storeProductId),
          unitRows,
          portions,
        ),
      ),
    [lines, ingredientRows, unitRows, portions],
  );
  const sum = totals(figures, variant?.price ?? null);
  const body = bodyOf(variantId, portions, notes, lines);
  const parsed = recipeInputSchema.safeParse(body);
  const clientErrors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.join(".");
    const [, index, field] = issue.path;
    const line = typeof index === "number" ? lines[index] : undefined;
    // An untouched empty field is not an error yet: Save stays disabled until it is filled.
    const typed = line ? (field === "qty" ? line.qty.trim() !== "" : field !== "storeProductId") : path !== "lines";
    if (typed && !clientErrors[path]) clientErrors[path] = issue.message;
  }
  const errors = { ...clientErrors, ...serverErrors };

  const changeLine = (index: number, change: Partial<LineDraft>) => {
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...change } : line)));
    setServerErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    save.mutate(body, {
      onSuccess: (answer) => {
        setLoadedFrom(answer.data.id);
        result.show("Success", `${answer.message}: ${answer.data.variantLabel}, version ${answer.data.version}`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldIssues.length > 0)
          setServerErrors(Object.fromEntries(error.fieldIssues.map((issue) => [issue.field, issue.message])));
        result.show("Error", errorMessage(error));
      },
    });
  };

  const copy = async (recipeId: number, factor: number) => {
    setCopyBusy(true);
    try {
      const recipe = await client.fetchQuery({
        queryKey: recipeKeys.one(recipeId),
        queryFn: ({ signal }) => api.get(`/inventory/recipe/${recipeId}`, recipeSchema, signal),
      });
      setLines(linesOfRecipe(recipe, factor));
      setPortions(String(recipe.yieldPortions));
      setCopying(false);
    } catch (error) {
      result.show("Error", errorMessage(error));
    } finally {
      setCopyBusy(false);
    }
  };

  if (menu.isPending || ingredients.isPending || units.isPending) return <PageLoader />;
  const loadError = menu.error ?? ingredients.error ?? units.error ?? opened.error;
  if (loadError) return <Alert severity="error">Could not load the recipe screen: {errorMessage(loadError)}</Alert>;

  const busy = save.isPending;
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)", maxWidth: 1200 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label="Recipe"
          sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}
        >
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 2fr) minmax(0, 2fr) minmax(0, 1fr)" },
            }}
          >
            <Autocomplete
              options={products}
              value={product ?? null}
              getOptionLabel={(option) =>
                `${option.name} (${option.code})${option.track === "recipe" ? "" : ` · ${option.track}`}`
              }
              isOptionEqualToValue={(option, value) => option.productId === value.productId}
              onChange={(_event, option) => {
                setProductId(option?.productId ?? null);
                chooseVariant(option?.variants.length === 1 ? (option.variants[0]?.variantId ?? null) : null);
              }}
              renderInput={(params) => <TextField {...params} label="Product" required autoFocus />}
            />
            <TextField
              select
              label="Variant"
              required
              value={variant ? String(variant.variantId) : ""}
              disabled={!product}
              onChange={(event) => chooseVariant(Number(event.target.value))}
              error={Boolean(errors.variantId)}
              helperText={
                errors.variantId ??
                (variant?.recipeId
                  ? `Editing version ${variant.version}: saving makes version ${(variant.version ?? 0) + 1}`
                  : " ")
              }
            >
              {(product?.variants ?? []).map((row) => (
                <MenuItem key={row.variantId} value={String(row.variantId)}>
                  {row.label} {row.recipeId ? `(version ${row.version})` : "(no recipe)"}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Yield portions"
              required
              value={portions}
              onChange={(event) => setPortions(event.target.value)}
              error={Boolean(errors.yieldPortions)}
              helperText={errors.yieldPortions ?? "Portions the lines make"}
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
            />
          </Box>
          <RecipeLines
            lines={lines}
            figures={figures}
            ingredients={ingredientRows}
            units={unitRows}
            errors={errors}
            disabled={busy || variant === undefined}
            onChange={changeLine}
            onAdd={() => setLines((current) => [...current, emptyLine()])}
            onRemove={(index) => setLines((current) => current.filter((_, at) => at !== index))}
          />
          {errors.lines ? <Alert severity="error">{errors.lines}</Alert> : null}
          <TextField
            label="Notes"
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            error={Boolean(errors.notes)}
            helperText={errors.notes ?? " "}
            multiline
            minRows={2}
          />
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 3 }} aria-live="polite" data-testid="recipe-totals">
            <Typography>
              Cost per portion: <strong>{formatMinor(sum.cost)}</strong>
            </Typography>
            <Typography>
              Price: <strong>{variant ? formatMinor(parseMinor(variant.price) ?? 0n) : "—"}</strong>
            </Typography>
            <Typography>
              Food cost: <strong>{sum.foodBp === null ? "—" : `${(Number(sum.foodBp) / 100).toFixed(2)}%`}</strong>
            </Typography>
          </Box>
          <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
            <SaveButton disabled={!parsed.success} busy={busy} label={currentRecipeId ? "Save new version" : "Save"} />
            <Button startIcon={<ContentCopyIcon />} disabled={!variant || busy} onClick={() => setCopying(true)}>
              Copy from variant
            </Button>
          </Box>
        </Box>
      </Paper>
      {variantId !== null && variant ? <VersionHistory variantId={variantId} /> : null}
      <CopyDialog
        open={copying}
        menu={products}
        exceptVariantId={variantId}
        busy={copyBusy}
        onCopy={(recipeId, factor) => void copy(recipeId, factor)}
        onClose={() => setCopying(false)}
      />
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}
