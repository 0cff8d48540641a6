import { type Vendor, type VendorForm, vendorInputSchema } from "@cargodesk/shared";
import { Box } from "@mui/material";
import type { FieldPath } from "react-hook-form";
import { TextInput } from "../../components/FormFields";
import { SpinInput, SwitchInput } from "../../components/RecordFields";
import { RecordFormCard, RecordFormPage, useRecordForm } from "../../components/RecordForm";
import { useSaveVendor, useVendor } from "./api";
import { VENDOR_ROUTES } from "./paths";

const EMPTY: VendorForm = {
  code: "",
  name: "",
  contactPerson: "",
  phone: "",
  email: "",
  address: "",
  ntn: "",
  strn: "",
  paymentTermsDays: 0,
  active: true,
};

const FIELDS: { name: FieldPath<VendorForm>; label: string; help?: string; required?: boolean; wide?: boolean }[] = [
  { name: "name", label: "Vendor Name", required: true },
  { name: "code", label: "Code", help: "Left blank: the next V-00001 code" },
  { name: "contactPerson", label: "Contact Person" },
  { name: "phone", label: "Phone" },
  { name: "email", label: "Email" },
  { name: "ntn", label: "NTN" },
  { name: "strn", label: "STRN" },
  { name: "address", label: "Address", wide: true },
];

const valuesOf = (vendor: Vendor | null): VendorForm =>
  vendor === null
    ? EMPTY
    : {
        code: vendor.code,
        name: vendor.name,
        contactPerson: vendor.contactPerson,
        phone: vendor.phone,
        email: vendor.email,
        address: vendor.address,
        ntn: vendor.ntn,
        strn: vendor.strn,
        paymentTermsDays: vendor.paymentTermsDays,
        active: vendor.active,
      };

function VendorEditor({ vendor }: { vendor: Vendor | null }) {
  const state = useRecordForm({
    record: vendor,
    schema: vendorInputSchema,
    valuesOf,
    save: useSaveVendor(vendor?.id ?? null),
    fields: [...FIELDS.map((field) => field.name), "paymentTermsDays"],
    listRoute: VENDOR_ROUTES.list,
    savedText: (answer) => ({ message: `${answer.message}: ${answer.data.name} (${answer.data.code})` }),
  });
  const { control, busy } = state;
  return (
    <RecordFormCard
      state={state}
      noun="Vendor"
      listLabel="View Vendors"
      wide
      note="Each vendor gets its own payable account under the Vendors group of Accounts Integration."
    >
      {FIELDS.map((field, index) => (
        <Box key={field.name} sx={field.wide ? { gridColumn: "1 / -1" } : undefined}>
          <TextInput
            control={control}
            name={field.name}
            label={field.label}
            hint={field.help ?? " "}
            required={field.required}
            disabled={busy}
            autoFocus={index === 0}
            multiline={field.name === "address"}
          />
        </Box>
      ))}
      <SpinInput
        control={control}
        name="paymentTermsDays"
        label="Payment Terms (days)"
        empty={0}
        min={0}
        max={365}
        disabled={busy}
      />
      <SwitchInput control={control} name="active" label="Active (offered on Receiving Add)" />
    </RecordFormCard>
  );
}

/** /inventory/Vendor/addVendor: add a vendor, or change one (`?id=`) from the list. */
export default function VendorFormPage() {
  return (
    <RecordFormPage noun="vendor" useRecord={useVendor}>
      {(vendor) => <VendorEditor vendor={vendor} />}
    </RecordFormPage>
  );
}
