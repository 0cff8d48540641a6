import type { CouponForm, CouponInput } from "@cargodesk/shared";
import type { Control } from "react-hook-form";
import { FullRow } from "../../components/FormCard";
import { TextInput } from "../../components/FormFields";
import { OrderTypeChecks, TimeField, WeekdayToggles } from "../../components/ScheduleFields";

const TIME_HINT = "On the company's clock; empty for all day";

/** When a coupon is valid: order types, dates, weekdays and a time window (which may run past midnight). */
export function CouponWhenFields({
  control,
  disabled,
}: {
  control: Control<CouponForm, unknown, CouponInput>;
  disabled: boolean;
}) {
  return (
    <>
      <FullRow>
        <OrderTypeChecks control={control} name="orderTypes" disabled={disabled} />
      </FullRow>
      <TextInput control={control} name="validFrom" label="Valid From" type="date" disabled={disabled} />
      <TextInput
        control={control}
        name="validTo"
        label="Valid To"
        type="date"
        hint="Inclusive; empty for no end"
        disabled={disabled}
      />
      <FullRow>
        <WeekdayToggles control={control} name="weekdays" hint="The days the coupon is valid" disabled={disabled} />
      </FullRow>
      <TimeField control={control} name="timeFrom" label="Time From" hint={TIME_HINT} disabled={disabled} />
      <TimeField control={control} name="timeTo" label="Time To" hint={TIME_HINT} disabled={disabled} />
    </>
  );
}
