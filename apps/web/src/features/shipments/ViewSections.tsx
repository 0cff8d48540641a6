import { formatMinor } from "@cargodesk/shared";
import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { ReactNode } from "react";
import { formatDeliveryDate, formatInstant } from "../../lib/dates";
import { kg } from "../../lib/format";
import { amountText, declaredValue, lineTotalMinor, placeOf, text, yesNo } from "./format";
import type { PartyView, ShipmentDetail } from "./schemas";

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Label and value pairs in a responsive grid (a description list for assistive technology). */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: "grid",
        gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
        columnGap: 3,
        rowGap: 1.5,
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" sx={{ color: "text.secondary", display: "block" }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: "anywhere" }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function SimpleTable({
  label,
  headers,
  rows,
  empty,
}: {
  label: string;
  headers: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  empty: string;
}) {
  if (rows.length === 0)
    return (
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        {empty}
      </Typography>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a read-only snapshot keep their order
            <TableRow key={index}>
              {cells.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <TableCell key={column}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The shipment's headline facts: the spec's view fields plus what the charge and payment say. */
export function SummarySection({ shipment }: { shipment: ShipmentDetail }) {
  const pack = shipment.shipment_type === "Pack";
  const items: (readonly [string, ReactNode])[] = [
    ["Tracking ID", shipment.tracking_id],
    ["Status", text(shipment.track_status)],
    ["Reference", text(shipment.shipment_ref)],
    ["Delivery Option", text(shipment.service_type?.name)],
    ["Type", pack ? "Pack (packages)" : "Doc (documents)"],
    ["Total Weight", kg(shipment.total_weight)],
    ["Total Value", pack ? declaredValue(shipment.shipment_data) : "—"],
    ["Tax Payer", text(shipment.shipment_tax_type?.name)],
    ["Pieces", shipment.total_packages],
    ["Expected Delivery Date", formatDeliveryDate(shipment.expected_delivery_date)],
    ["Customer", text(shipment.customer_name)],
    ["Charge", amountText(shipment.total_amount, shipment.currency?.code)],
    ["Voucher #", text(shipment.voucher_number)],
    ["Invoice", shipment.invoice_type === 1 ? "Custom invoice" : "Own invoice"],
  ];
  if (pack) items.push(["Purpose", text(shipment.shipment_purpose?.purpose)]);
  else items.push(["Description", text(shipment.shipment_desc)]);
  if (shipment.type) items.push(["DHL / UPS", shipment.type]);
  items.push(["Financial Instrument", yesNo(shipment.financial_instruments)]);
  if (shipment.financial_instruments === 1) {
    items.push(
      ["Instrument Number", text(shipment.financial_instruments_no)],
      ["Bank", text(shipment.financial_instruments_bank)],
      ["Rebate Claim", yesNo(shipment.rebate)],
    );
    if (shipment.rebate === 1) items.push(["SRO Number", text(shipment.sro_number)]);
  }
  return (
    <Section title="Shipment">
      <Facts items={items} />
    </Section>
  );
}

export function PartySection({ title, party }: { title: string; party: PartyView | undefined }) {
  if (!party) return <Section title={title}>—</Section>;
  const address = [party.address, party.address_2, party.address_3].filter(Boolean).join(", ");
  const items: (readonly [string, ReactNode])[] = [
    ["Name", party.name],
    ["Company", text(party.company)],
    ["Address", text(address)],
    ["City / Country", placeOf(party)],
    ["State", text(party.state)],
    ["Postal Code", text(party.postal_code)],
    ["Phone", text(party.phone)],
    ["Email", text(party.email)],
  ];
  if (party.ntn) items.push(["NTN", party.ntn]);
  if (party.cnic) items.push(["CNIC", party.cnic]);
  if (party.vat) items.push(["VAT", party.vat]);
  return (
    <Section title={title}>
      <Facts items={items} />
    </Section>
  );
}

export function PackagesSection({ shipment }: { shipment: ShipmentDetail }) {
  return (
    <Section title="Packages">
      <SimpleTable
        label="Packages"
        headers={["Name", "Length (cm)", "Width (cm)", "Height (cm)", "Actual", "Dimensional", "Chargeable"]}
        empty="No packages."
        rows={shipment.shipment_packages.map((row) => [
          text(row.name),
          row.length,
          row.width,
          row.height,
          kg(row.weight),
          kg(row.accWeight),
          kg(row.chWeight),
        ])}
      />
    </Section>
  );
}

export function LinesSection({ shipment }: { shipment: ShipmentDetail }) {
  return (
    <Section title="Items">
      <SimpleTable
        label="Items"
        headers={["Description", "HS Code", "Quantity", "Unit", "Value", "Total", "Origin"]}
        empty="No item lines."
        rows={shipment.shipment_data.map((line) => [
          line.desc,
          line.code,
          line.quantity,
          text(line.uom?.uomName),
          amountText(line.value, line.currency?.code),
          `${formatMinor(lineTotalMinor(line))} ${line.currency?.code ?? ""}`.trim(),
          text(line.country?.name),
        ])}
      />
    </Section>
  );
}

export function HistorySection({ shipment }: { shipment: ShipmentDetail }) {
  return (
    <Section title="Tracking History">
      <SimpleTable
        label="Tracking History"
        headers={["Status", "Location", "Date"]}
        empty="No tracking events yet."
        rows={shipment.history.map((entry) => [entry.status, entry.status_location, formatInstant(entry.status_date)])}
      />
    </Section>
  );
}
