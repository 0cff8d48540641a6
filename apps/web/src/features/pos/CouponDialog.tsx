import { minorToAmount } from "@cargodesk/shared";
import { Alert, Button, TextField } from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { minorOf, money } from "../../lib/format";
import { useCouponPreview } from "./api";
import { type Draft, type DraftCoupon, liveLines } from "./draft";
import { TillDialog } from "./TillDialog";

/**
 * A coupon code: the server checks it against the order (its window, minimum, scope and uses) and
 * says what it takes off, or why it does not apply, in its own words.
 */
export function CouponDialog({
  draft,
  onApply,
  onClose,
}: {
  draft: Draft;
  onApply: (coupon: DraftCoupon | null) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState(draft.coupon?.code ?? "");
  const preview = useCouponPreview();
  const [refusal, setRefusal] = useState<string | null>(null);
  const lines = liveLines(draft).flatMap((line) =>
    line.variantId === null ? [] : [{ variantId: line.variantId, qty: line.qty }],
  );

  const check = () => {
    setRefusal(null);
    preview.mutate(
      {
        code: code.trim(),
        order: {
          orderType: draft.orderType,
          ...(draft.customer ? { customerId: draft.customer.id } : {}),
          lines,
        },
      },
      {
        onSuccess: (answer) => {
          const result = answer.codeResult;
          const applied = answer.applied.find((entry) => entry.code !== null && entry.code === result?.code);
          if (result?.applied && applied)
            onApply({ code: result.code, name: applied.name, discountMinor: minorOf(applied.discount) });
          else setRefusal(result?.message ?? "This coupon does not apply to this order");
        },
      },
    );
  };

  return (
    <TillDialog
      title="Coupon"
      formLabel="Coupon"
      onClose={onClose}
      submit={{
        label: "Apply coupon",
        disabled: code.trim() === "" || lines.length === 0 || preview.isPending,
        onSubmit: check,
      }}
      extra={
        draft.coupon ? (
          <Button color="error" onClick={() => onApply(null)}>
            Remove coupon
          </Button>
        ) : null
      }
    >
      <TextField
        label="Coupon code"
        value={code}
        autoFocus
        onChange={(event) => setCode(event.target.value.toUpperCase())}
        slotProps={{ htmlInput: { maxLength: 30 } }}
        sx={{ mt: 1 }}
      />
      {lines.length === 0 ? (
        <Alert severity="info">Add items first: a coupon is checked against the order.</Alert>
      ) : null}
      {draft.coupon ? (
        <Alert severity="success">
          {draft.coupon.name}: {money(minorToAmount(draft.coupon.discountMinor))} off
        </Alert>
      ) : null}
      {refusal ? <Alert severity="warning">{refusal}</Alert> : null}
      {preview.isError ? <Alert severity="error">{errorMessage(preview.error)}</Alert> : null}
    </TillDialog>
  );
}
