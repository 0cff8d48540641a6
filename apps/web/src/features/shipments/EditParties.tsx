import { Box } from "@mui/material";
import type { Control } from "react-hook-form";
import { TypedField } from "../../components/TypedField";
import type { CountryRow } from "../master-data/api";
import { OriginField } from "./edit-fields";
import type { EditForm, PartySide } from "./edit-form";

interface Props {
  control: Control<EditForm>;
  side: PartySide;
  countries: readonly CountryRow[];
}

/**
 * The sender's or receiver's snapshot on this shipment. Changing it rewrites this shipment's
 * waybill party, not the address book; the server checks the phone against the country and that
 * sender and receiver are in different countries.
 */
export function PartyFields({ control, side, countries }: Props) {
  return (
    <Box
      role="group"
      aria-label={side === "sender" ? "Sender" : "Receiver"}
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}
    >
      <TypedField control={control} name={`${side}.name`} label="Name" required />
      <TypedField control={control} name={`${side}.company`} label="Company" required />
      <OriginField control={control} name={`${side}.country_id`} label="Country" countries={countries} />
      <TypedField control={control} name={`${side}.phone`} label="Cell Number" mode="phone" required />
      <TypedField control={control} name={`${side}.address`} label="Address" required maxLength={44} />
      <TypedField control={control} name={`${side}.address_2`} label="Address 2" maxLength={44} />
      <TypedField control={control} name={`${side}.address_3`} label="Address 3" />
      <TypedField control={control} name={`${side}.postal_code`} label="Postal Code" />
      <TypedField control={control} name={`${side}.city`} label="City" />
      <TypedField control={control} name={`${side}.state`} label="State" />
      <TypedField control={control} name={`${side}.email`} label="Email" mode="email" />
      {side === "sender" ? (
        <>
          <TypedField control={control} name="sender.cnic" label="CNIC" mode="digits" hint="13 digits" />
          <TypedField control={control} name="sender.ntn" label="NTN" />
        </>
      ) : (
        <TypedField control={control} name="receiver.vat" label="VAT" />
      )}
    </Box>
  );
}
