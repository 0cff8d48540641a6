import { type Coupon, type CouponForm, type CouponInput, couponFormOf, couponInputSchema } from "@cargodesk/shared";
import { useEffect, useRef, useState } from "react";
import { type Control, Controller, useWatch } from "react-hook-form";
import { FullRow } from "../../components/FormCard";
import { SelectInput, TextInput } from "../../components/FormFields";
import { NumberInput } from "../../components/NumberInput";
import { SwitchInput } from "../../components/RecordFields";
import { RecordFormCard, RecordFormPage, useRecordForm } from "../../components/RecordForm";
import { useCoupon, useSaveCoupon } from "./api";
import { CouponWhenFields } from "./CouponWhenFields";
import { COUPON_FIELDS, EMPTY_COUPON, KINDS, SCOPES } from "./coupon-form";
import { COUPON_ROUTES } from "./paths";
import { type ScopeOption, ScopePicker } from "./ScopePicker";

type FormControlOf = Control<CouponForm, unknown, CouponInput>;

/** The scope picker bound to scopeIds; it keeps the names of what was chosen for its chips. */
function ScopeField({
  control,
  scope,
  initial,
  disabled,
}: {
  control: FormControlOf;
  scope: "category" | "variant";
  initial: ScopeOption[];
  disabled: boolean;
}) {
  const [chosen, setChosen] = useState<ScopeOption[]>(initial);
  return (
    <Controller
      control={control}
      name="scopeIds"
      render={({ field: { value, onChange, onBlur }, fieldState }) => (
        <ScopePicker
          scope={scope}
          value={chosen.filter((option) => (value ?? []).includes(option.id))}
          onChange={(options) => {
            setChosen(options);
            onChange(options.map((option) => option.id));
          }}
          onBlur={onBlur}
          error={fieldState.error?.message}
          disabled={disabled}
        />
      )}
    />
  );
}

const valuesOf = (coupon: Coupon | null): CouponForm => (coupon ? couponFormOf(coupon) : EMPTY_COUPON);

function CouponEditor({ coupon }: { coupon: Coupon | null }) {
  const save = useSaveCoupon();
  const id = coupon?.id ?? null;
  const state = useRecordForm({
    record: coupon,
    schema: couponInputSchema,
    valuesOf,
    save: {
      mutate: (input: CouponForm, options) => save.mutate({ id, input }, options),
      isPending: save.isPending,
    },
    fields: COUPON_FIELDS,
    listRoute: COUPON_ROUTES.list,
    savedText: (answer: { message: string; data: Coupon }) => ({
      message: answer.message,
      detail: `${answer.data.code ?? "Automatic promotion"}: ${answer.data.name}`,
    }),
  });
  const { form, control, busy } = state;
  const [kind, scope, code] = useWatch({ control, name: ["kind", "scope", "code"] });
  const isPromotion = (code ?? "").trim() === "";
  const chosenScope: ScopeOption[] = coupon
    ? coupon.scopeIds.map((scopeId, index) => ({ id: scopeId, name: coupon.scopeNames[index] ?? `#${scopeId}` }))
    : [];

  // A code coupon waits for its code; clearing the code makes it a promotion that applies itself.
  const wasPromotion = useRef(isPromotion);
  useEffect(() => {
    if (wasPromotion.current === isPromotion) return;
    wasPromotion.current = isPromotion;
    form.setValue("autoApply", isPromotion);
  }, [isPromotion, form]);

  // A new scope starts with nothing chosen.
  useEffect(() => {
    if (scope !== (coupon?.scope ?? "order")) form.setValue("scopeIds", []);
  }, [scope, coupon, form]);

  return (
    <RecordFormCard state={state} noun="Coupon" listLabel="View Coupons" wide>
      <TextInput
        control={control}
        name="code"
        label="Code"
        hint="Leave empty for an automatic promotion (happy hour). A-Z, 0-9 and dashes"
        autoFocus
        disabled={busy}
      />
      <TextInput control={control} name="name" label="Name" required disabled={busy} />
      <SelectInput
        control={control}
        name="kind"
        label="Type"
        options={KINDS}
        placeholder="Choose the type"
        required
        disabled={busy}
      />
      <NumberInput
        control={control}
        name="value"
        label={kind === "amount" ? "Amount Off" : "Percent Off"}
        hint={kind === "amount" ? "Taken off what the coupon covers" : "More than 0, at most 100"}
        required
        empty={0}
        disabled={busy}
      />
      <NumberInput
        control={control}
        name="maxDiscount"
        label="Cap"
        hint="The most one order gets off; empty for none"
        empty={null}
        disabled={busy}
      />
      <NumberInput
        control={control}
        name="minOrder"
        label="Minimum Order"
        hint="The order's subtotal must reach it"
        empty={0}
        disabled={busy}
      />
      <SelectInput
        control={control}
        name="scope"
        label="Applies To"
        options={SCOPES}
        placeholder="Choose what it covers"
        required
        disabled={busy}
      />
      {scope === "category" || scope === "variant" ? (
        <ScopeField
          key={scope}
          control={control}
          scope={scope}
          initial={scope === coupon?.scope ? chosenScope : []}
          disabled={busy}
        />
      ) : (
        <div />
      )}
      <CouponWhenFields control={control} disabled={busy} />
      <NumberInput
        control={control}
        name="usageLimit"
        label="Total Uses"
        hint="Empty for no limit"
        empty={null}
        disabled={busy}
      />
      <NumberInput
        control={control}
        name="perCustomerLimit"
        label="Uses per Customer"
        hint="Empty for no limit; a limit needs the customer on the order"
        empty={null}
        disabled={busy}
      />
      <NumberInput
        control={control}
        name="priority"
        label="Priority"
        hint="Promotions with a higher priority are applied first"
        empty={0}
        disabled={busy}
      />
      <div />
      <FullRow>
        <SwitchInput control={control} name="stackable" label="Stackable (adds to other stackable promotions)" />
      </FullRow>
      {isPromotion ? (
        <FullRow>
          <SwitchInput control={control} name="autoApply" label="Apply automatically (off: the POS only offers it)" />
        </FullRow>
      ) : null}
      <FullRow>
        <SwitchInput control={control} name="active" label="Active" />
      </FullRow>
    </RecordFormCard>
  );
}

/** /inventory/Coupon/addCoupon: add a coupon or an automatic promotion, or change one (`?id=`) from the list. */
export default function CouponFormPage() {
  return (
    <RecordFormPage noun="coupon" useRecord={useCoupon}>
      {(coupon) => <CouponEditor coupon={coupon} />}
    </RecordFormPage>
  );
}
