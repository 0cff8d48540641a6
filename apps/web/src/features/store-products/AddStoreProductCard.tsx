import {
  formatMinor,
  parseMinor,
  type StoreProductCreate,
  type StoreProductCreateInput,
  storeProductCreateSchema,
} from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Typography } from "@mui/material";
import { useForm } from "react-hook-form";
import { FormCard, FullRow, SaveButton } from "../../components/FormCard";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useAddStoreProduct } from "./api";
import { EMPTY_PRODUCT, PRODUCT_FIELDS, StoreProductFields } from "./StoreProductFields";

/** The upload screen's Add one form: the same fields and rules as one row of the file. */
export function AddStoreProductCard() {
  const add = useAddStoreProduct();
  const result = useResultDialog();
  const form = useForm<StoreProductCreateInput, unknown, StoreProductCreate>({
    resolver: zodResolver(storeProductCreateSchema),
    defaultValues: EMPTY_PRODUCT,
    mode: "onTouched",
  });

  const onSubmit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: (answer) => {
        const opening = answer.voucherNo
          ? ` Opening stock ${formatMinor(parseMinor(answer.data.value) ?? 0n)} posted as ${answer.voucherNo}.`
          : "";
        result.show("Success", `${answer.message}: ${answer.data.name} (${answer.data.code}).${opening}`);
        form.reset(EMPTY_PRODUCT);
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, PRODUCT_FIELDS);
        result.show("Error", errorMessage(error));
      },
    }),
  );

  return (
    <Box
      component="section"
      aria-labelledby="add-one-heading"
      sx={{ display: "grid", gap: 1.5, alignContent: "start" }}
    >
      <Typography id="add-one-heading" variant="h6" component="h2">
        Add one
      </Typography>
      <FormCard
        label="Add one store product"
        onSubmit={onSubmit}
        wide
        actions={<SaveButton disabled={add.isPending} busy={add.isPending} label="Add product" />}
      >
        <FullRow>
          <StoreProductFields control={form.control} disabled={add.isPending} opening />
        </FullRow>
      </FormCard>
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}
