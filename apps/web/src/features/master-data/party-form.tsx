import { MASTER_MESSAGES, type ReceiverInput, receiverSchema, type SenderInput, senderSchema } from "@cargodesk/shared";
import { validPhoneFor } from "@cargodesk/shared/phone";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { type Resolver, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FullRow } from "../../components/FormCard";
import { TypedField } from "../../components/TypedField";
import { type CountryRow, type PartyKind, type PartyRow, usePickerCountries } from "./api";
import { CountryField } from "./fields";

/** What the sender and receiver forms hold: text as typed, the country as its id (0 for none). */
export interface PartyFormValues {
  name: string;
  company: string;
  country_id: number;
  address: string;
  address_2: string;
  address_3: string;
  postal_code: string;
  city: string;
  state: string;
  email: string;
  phone: string;
  gst: string;
  ntn: string;
  cnic: string;
}
export type PartyFormField = keyof PartyFormValues;
export type PartyOutput = SenderInput | ReceiverInput;

export const EMPTY_PARTY: PartyFormValues = {
  name: "",
  company: "",
  country_id: 0,
  address: "",
  address_2: "",
  address_3: "",
  postal_code: "",
  city: "",
  state: "",
  email: "",
  phone: "",
  gst: "",
  ntn: "",
  cnic: "",
};
export const PARTY_FIELDS: readonly PartyFormField[] = [
  "name",
  "company",
  "country_id",
  "address",
  "address_2",
  "address_3",
  "postal_code",
  "city",
  "state",
  "email",
  "phone",
  "gst",
  "ntn",
  "cnic",
];

/** The spec's required fields: Add Receiver is Add Sender's list without NTN. */
const REQUIRED: Record<PartyKind, readonly PartyFormField[]> = {
  sender: ["name", "company", "country_id", "address", "postal_code", "city", "state", "phone", "ntn"],
  receiver: ["name", "company", "country_id", "address", "postal_code", "city", "state", "phone"],
};

export function fromPartyRow(row: PartyRow): PartyFormValues {
  return {
    name: row.name,
    company: row.company ?? "",
    country_id: row.country_id,
    address: row.address ?? "",
    address_2: row.address_2 ?? "",
    address_3: row.address_3 ?? "",
    postal_code: row.postal_code ?? "",
    city: row.city ?? "",
    state: row.state ?? "",
    email: row.email ?? "",
    phone: row.phone ?? "",
    gst: "gst" in row ? (row.gst ?? "") : "",
    ntn: "ntn" in row ? (row.ntn ?? "") : "",
    cnic: "cnic" in row ? (row.cnic ?? "") : "",
  };
}

type Iso2Of = (countryId: number) => string | null | undefined;

/** The phone must be valid for the chosen country: exactly 10 digits for the US (validPhoneFor). */
const phoneRule =
  (iso2Of: Iso2Of) =>
  (value: { phone: string; country_id: number }, ctx: z.RefinementCtx<{ phone: string; country_id: number }>) => {
    if (value.phone !== "" && !validPhoneFor(value.phone, iso2Of(value.country_id))) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: MASTER_MESSAGES.cell });
    }
  };

/** The form keeps the country as a number, so the id needs no coercion (the shared rule and message stay). */
const countryId = z.number({ error: MASTER_MESSAGES.countryRequired }).int().positive(MASTER_MESSAGES.countryRequired);
const senderFormSchema = senderSchema.extend({ country_id: countryId });
const receiverFormSchema = receiverSchema.extend({ country_id: countryId });
type SenderFormField = PartyFormField & keyof z.input<typeof senderFormSchema>;
type ReceiverFormField = PartyFormField & keyof z.input<typeof receiverFormSchema>;
const isSenderField = (name: PartyFormField): name is SenderFormField => name in senderFormSchema.shape;
// The receiver form has no GST, NTN or CNIC to check.
const isReceiverField = (name: PartyFormField): name is ReceiverFormField => name in receiverFormSchema.shape;

function partyResolver(kind: PartyKind, iso2Of: Iso2Of): Resolver<PartyFormValues, unknown, PartyOutput> {
  if (kind === "sender") {
    const check = zodResolver(senderFormSchema.superRefine(phoneRule(iso2Of)));
    return (values, context, options) =>
      check(values, context, { ...options, names: options.names?.filter(isSenderField) });
  }
  const check = zodResolver(receiverFormSchema.superRefine(phoneRule(iso2Of)));
  return (values, context, options) =>
    check(values, context, { ...options, names: options.names?.filter(isReceiverField) });
}

export interface PartyForm {
  form: UseFormReturn<PartyFormValues, unknown, PartyOutput>;
  countries: ReturnType<typeof usePickerCountries>;
  /** False while a required field is empty or any field shows an error (Save stays disabled). */
  complete: boolean;
}

/** The sender or receiver form's state; `defaults` are its first values (empty, or the record being edited). */
export function usePartyForm(kind: PartyKind, defaults: PartyFormValues): PartyForm {
  const countries = usePickerCountries();
  const resolver = useMemo(() => {
    const byId = new Map((countries.data ?? []).map((country) => [country.country_id, country.iso2]));
    return partyResolver(kind, (id) => byId.get(id));
  }, [kind, countries.data]);
  const form = useForm<PartyFormValues, unknown, PartyOutput>({ resolver, defaultValues: defaults, mode: "onTouched" });
  const values = useWatch({ control: form.control });
  const missing = REQUIRED[kind].some((name) => {
    const value = values[name];
    return name === "country_id" ? !value : String(value ?? "").trim() === "";
  });
  const hasErrors = Object.keys(form.formState.errors).length > 0;
  return { form, countries, complete: !missing && !hasErrors };
}

const phoneHint = (country: CountryRow | undefined): string => {
  if (!country) return "Choose the country first";
  if (country.iso2?.toUpperCase() === "US") return "Exactly 10 digits";
  return `A valid number in ${country.name}`;
};

/** The fields of the sender form (name to CNIC) or the receiver form (without GST, NTN and CNIC). */
export function PartyFields({ kind, party, disabled }: { kind: PartyKind; party: PartyForm; disabled: boolean }) {
  const { control, setValue, clearErrors } = party.form;
  const countryId = useWatch({ control, name: "country_id" });
  const list = party.countries.data ?? [];
  const country = list.find((row) => row.country_id === countryId);
  const field = { control, disabled } as const;

  return (
    <>
      <TypedField {...field} name="name" label="Name" required maxLength={100} />
      <TypedField {...field} name="company" label="Company" required maxLength={150} />
      <CountryField
        control={control}
        name="country_id"
        countries={list}
        loading={party.countries.isPending}
        disabled={disabled}
        onPicked={() => {
          // The spec: changing the country clears the phone.
          setValue("phone", "", { shouldDirty: true });
          clearErrors("phone");
        }}
      />
      <TypedField
        control={control}
        name="phone"
        label="Phone"
        mode="phone"
        required
        maxLength={20}
        // Enabled only once a country is chosen.
        disabled={disabled || !country}
        hint={phoneHint(country)}
      />
      <TypedField {...field} name="address" label="Address" required />
      <TypedField {...field} name="address_2" label="Address 2" />
      <FullRow>
        <TypedField {...field} name="address_3" label="Address 3" maxLength={300} />
      </FullRow>
      <TypedField {...field} name="city" label="City" required maxLength={60} />
      <TypedField {...field} name="state" label="State" required maxLength={60} />
      <TypedField {...field} name="postal_code" label="Postal Code" required maxLength={20} />
      <TypedField {...field} name="email" label="Email" mode="email" maxLength={254} />
      {kind === "sender" ? (
        <>
          <TypedField {...field} name="gst" label="GST" maxLength={50} />
          <TypedField {...field} name="ntn" label="NTN" required maxLength={50} />
          <TypedField
            {...field}
            name="cnic"
            label="CNIC"
            mode="digits"
            hint="13 digits; dashes and spaces are dropped"
          />
        </>
      ) : null}
    </>
  );
}
