import {
  type StoreProductCreate,
  type StoreProductCreateInput,
  type StoreProductRow,
  storeProductCreateSchema,
} from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Dialog, DialogContent, DialogTitle, FormControlLabel, Switch } from "@mui/material";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { FormDialogActions } from "../../components/FormDialogActions";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useUpdateStoreProduct } from "./api";
import { PRODUCT_FIELDS, StoreProductFields } from "./StoreProductFields";

export const formOf = (row: StoreProductRow): StoreProductCreateInput => ({
  code: row.code,
  name: row.name,
  group: row.group,
  stockUomId: row.stockUomId,
  purchaseUomId: row.purchaseUomId,
  purchaseFactor: row.purchaseFactor,
  reorderLevel: row.reorderLevel,
  parLevel: row.parLevel,
  barcode: row.barcode ?? "",
  openingQty: null,
  openingUnitCost: null,
});

/** The list's Edit dialog: the product's fields and Active; the stock unit is fixed once it has moves. */
export function EditStoreProductDialog({
  product,
  onClose,
  onSaved,
}: {
  product: StoreProductRow | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const update = useUpdateStoreProduct();
  const [active, setActive] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StoreProductCreateInput, unknown, StoreProductCreate>({
    resolver: zodResolver(storeProductCreateSchema),
    mode: "onTouched",
  });
  useEffect(() => {
    if (!product) return;
    form.reset(formOf(product));
    setActive(product.active);
    setFailure(null);
  }, [product, form]);

  const onSubmit = form.handleSubmit(({ openingQty: _qty, openingUnitCost: _cost, ...fields }) => {
    if (!product) return;
    update.mutate(
      { id: product.id, input: { ...fields, active } },
      {
        onSuccess: (answer) => onSaved(`${answer.message}: ${answer.data.name} (${answer.data.code})`),
        onError: (error) => {
          applyFieldIssues(error, form.setError, PRODUCT_FIELDS);
          setFailure(errorMessage(error));
        },
      },
    );
  });

  return (
    <Dialog open={product !== null} onClose={update.isPending ? undefined : onClose} maxWidth="md" fullWidth>
      <form noValidate onSubmit={onSubmit} aria-label="Edit store product">
        <DialogTitle>Edit {product?.name}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
          {product?.hasMoves ? (
            <Alert severity="info">This product has stock moves: its stock UOM cannot change.</Alert>
          ) : null}
          <StoreProductFields control={form.control} disabled={update.isPending} opening={false} />
          <FormControlLabel
            control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
            label="Active (offered on new store documents)"
          />
          {failure ? <Alert severity="error">{failure}</Alert> : null}
        </DialogContent>
        <FormDialogActions submitLabel="Update" busy={update.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
