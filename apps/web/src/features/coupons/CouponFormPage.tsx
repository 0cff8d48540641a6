import { type Coupon, type CouponForm, type CouponInput, couponFormOf, couponInputSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import ListIcon from "@mui/icons-material/List";
import { Alert, Button, FormControlLabel, Switch } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { type Control, Controller, useForm, useWatch } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { FormCard, FullRow, SaveButton } from "../../components/FormCard";
import { SelectInput, TextInput } from "../../components/FormFields";
import { NumberInput } from "../../components/NumberInput";
import { PageLoader } from "../../components/PageLoader";
import { SaveResultDialog, useSaveResult } from "../../components/SaveResultDialog";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useCoupon, useSaveCoupon } from "./api";
import { CouponWhenFields } from "./CouponWhenFields";
import { COUPON_FIELDS, EMPTY_COUPON, KINDS, SCOPES } from "./coupon-form";
import { COUPON_ROUTES } from "./paths";
import { type ScopeOption, ScopePicker } from "./ScopePicker";

type FormControlOf = Control<CouponForm, unknown, CouponInput>;

function SwitchInput({
  control,
  name,
  label,
  disabled,
}: {
  control: FormControlOf;
  name: "stackable" | "autoApply" | "active";
  label: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, ...field } }) => (
        <FormControlLabel
          control={
            <Switch
              {...field}
              checked={value ?? false}
              onChange={(event) => onChange(event.target.checked)}
              disabled={disabled}
            />
          }
          label={label}
        />
      )}
    />
  );
}

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

function CouponEditor({ coupon }: { coupon: Coupon | null }) {
  const save = useSaveCoupon();
  const result = useSaveResult();
  const navigate = useNavigate();
  const initial = coupon ? couponFormOf(coupon) : EMPTY_COUPON;
  const form = useForm<CouponForm, unknown, CouponInput>({
    resolver: zodResolver(couponInputSchema),
    defaultValues: initial,
    mode: "onTouched",
  });
  const [kind, scope, code] = useWatch({ control: form.control, name: ["kind", "scope", "code"] });
  const isPromotion = (code ?? "").trim() === "";
  const chosenScope: ScopeOption[] = coupon
    ? coupon.scopeIds.map((id, index) => ({ id, name: coupon.scopeNames[index] ?? `#${id}` }))
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

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { id: coupon?.id ?? null, input: { ...input, autoApply: input.code === "" ? input.autoApply : undefined } },
      {
        onSuccess: (answer) => {
          const label = answer.data.code ?? "Automatic promotion";
          result.show("Success", answer.message, `${label}: ${answer.data.name}`);
          if (coupon) navigate(COUPON_ROUTES.list);
          else form.reset(EMPTY_COUPON);
        },
        onError: (error) => {
          applyFieldIssues(error, form.setError, COUPON_FIELDS);
          result.failed(error);
        },
      },
    ),
  );

  const busy = save.isPending;
  return (
    <>
      <FormCard
        label={coupon ? "Edit Coupon" : "Add Coupon"}
        onSubmit={(event) => void onSubmit(event)}
        wide
        actions={
          <>
            <SaveButton disabled={false} busy={busy} label={coupon ? "Update" : "Save"} />
            <Button component={RouterLink} to={COUPON_ROUTES.list} startIcon={<ListIcon />}>
              View Coupons
            </Button>
          </>
        }
      >
        <TextInput
          control={form.control}
          name="code"
          label="Code"
          hint="Leave empty for an automatic promotion (happy hour). A-Z, 0-9 and dashes"
          autoFocus
          disabled={busy}
        />
        <TextInput control={form.control} name="name" label="Name" required disabled={busy} />
        <SelectInput
          control={form.control}
          name="kind"
          label="Type"
          options={KINDS}
          placeholder="Choose the type"
          required
          disabled={busy}
        />
        <NumberInput
          control={form.control}
          name="value"
          label={kind === "amount" ? "Amount Off" : "Percent Off"}
          hint={kind === "amount" ? "Taken off what the coupon covers" : "More than 0, at most 100"}
          required
          empty={0}
          disabled={busy}
        />
        <NumberInput
          control={form.control}
          name="maxDiscount"
          label="Cap"
          hint="The most one order gets off; empty for none"
          empty={null}
          disabled={busy}
        />
        <NumberInput
          control={form.control}
          name="minOrder"
          label="Minimum Order"
          hint="The order's subtotal must reach it"
          empty={0}
          disabled={busy}
        />
        <SelectInput
          control={form.control}
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
            control={form.control}
            scope={scope}
            initial={scope === coupon?.scope ? chosenScope : []}
            disabled={busy}
          />
        ) : (
          <div />
        )}
        <CouponWhenFields control={form.control} disabled={busy} />
        <NumberInput
          control={form.control}
          name="usageLimit"
          label="Total Uses"
          hint="Empty for no limit"
          empty={null}
          disabled={busy}
        />
        <NumberInput
          control={form.control}
          name="perCustomerLimit"
          label="Uses per Customer"
          hint="Empty for no limit; a limit needs the customer on the order"
          empty={null}
          disabled={busy}
        />
        <NumberInput
          control={form.control}
          name="priority"
          label="Priority"
          hint="Promotions with a higher priority are applied first"
          empty={0}
          disabled={busy}
        />
        <div />
        <FullRow>
          <SwitchInput
            control={form.control}
            name="stackable"
            label="Stackable (adds to other stackable promotions)"
            disabled={busy}
          />
        </FullRow>
        {isPromotion ? (
          <FullRow>
            <SwitchInput
              control={form.control}
              name="autoApply"
              label="Apply automatically (off: the POS only offers it)"
              disabled={busy}
            />
          </FullRow>
        ) : null}
        <FullRow>
          <SwitchInput control={form.control} name="active" label="Active" disabled={busy} />
        </FullRow>
      </FormCard>
      <SaveResultDialog {...result.dialogProps} />
    </>
  );
}

/** /inventory/Coupon/addCoupon: add a coupon or an automatic promotion, or change one (`?id=`) from the list. */
export default function CouponFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || null;
  const coupon = useCoupon(id);
  if (id === null) return <CouponEditor coupon={null} />;
  if (coupon.isPending) return <PageLoader label="Loading the coupon" />;
  if (coupon.error) return <Alert severity="error">Could not load the coupon. {errorMessage(coupon.error)}</Alert>;
  return <CouponEditor coupon={coupon.data} />;
}
