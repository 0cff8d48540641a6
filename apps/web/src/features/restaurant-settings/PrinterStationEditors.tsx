import { type Printer, printerInputSchema, type Station, stationInputSchema } from "@cargodesk/shared";
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { NumberInput } from "../../components/NumberInput";
import { SwitchInput } from "../../components/RecordFields";
import { useRecords } from "./api";
import { ChoiceInput } from "./fields";
import { choicesOf, PRINTER_KIND_LABELS, STATION_MODE_LABELS } from "./labels";
import { RecordDialog, useRecordForm } from "./RecordDialog";
import type { EditorProps } from "./RecordTable";

type PrinterForm = z.input<typeof printerInputSchema>;
const PRINTER_FIELDS = ["name", "kind", "host", "port", "widthChars", "codepage"] as const;
const WIDTHS = [
  { value: 48, label: "80 mm paper (48 characters)" },
  { value: 32, label: "58 mm paper (32 characters)" },
];

export function PrinterEditor({ row, onClose, onSaved }: EditorProps<Printer>) {
  const defaults: PrinterForm = row
    ? { ...row, widthChars: row.widthChars === 32 ? 32 : 48 }
    : { name: "", kind: "network_escpos", host: "", port: 9100, widthChars: 48, codepage: "cp437", active: true };
  const { form, onSubmit, busy, failure } = useRecordForm({
    kind: "printer",
    id: row?.id ?? null,
    schema: printerInputSchema,
    defaults,
    fields: PRINTER_FIELDS,
    onSaved,
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  const network = kind === "network_escpos";
  return (
    <RecordDialog
      title={row ? `Edit printer ${row.name}` : "Add printer"}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={busy}
      failure={failure}
    >
      <TextInput control={form.control} name="name" label="Printer Name" required disabled={busy} autoFocus />
      <ChoiceInput
        control={form.control}
        name="kind"
        label="Kind"
        options={choicesOf(PRINTER_KIND_LABELS)}
        disabled={busy}
        hint={network ? "Receives ESC/POS over TCP, usually port 9100" : "The browser's print dialog prints to it"}
      />
      {network ? (
        <>
          <TextInput control={form.control} name="host" label="Host or IP Address" required disabled={busy} />
          <NumberInput control={form.control} name="port" label="Port" empty={null} disabled={busy} />
        </>
      ) : null}
      <ChoiceInput control={form.control} name="widthChars" label="Paper Width" options={WIDTHS} disabled={busy} />
      <TextInput control={form.control} name="codepage" label="Code Page" disabled={busy} hint="e.g. cp437" />
      <SwitchInput control={form.control} name="active" label="Active" disabled={busy} />
    </RecordDialog>
  );
}

type StationForm = z.input<typeof stationInputSchema>;
const STATION_FIELDS = ["name", "printerId", "mode", "targetMinutes", "alertMinutes", "sort"] as const;

/** The printers as choices, with None first. */
export function usePrinterChoices() {
  const printers = useRecords("printer");
  return [
    { value: null, label: "None" },
    ...(printers.data?.data ?? []).map((printer) => ({ value: printer.id, label: printer.name })),
  ];
}

export function StationEditor({ row, onClose, onSaved }: EditorProps<Station>) {
  const printers = usePrinterChoices();
  const defaults: StationForm = row ?? {
    name: "",
    printerId: null,
    mode: "display",
    targetMinutes: 10,
    alertMinutes: 15,
    sort: 0,
    active: true,
  };
  const { form, onSubmit, busy, failure } = useRecordForm({
    kind: "station",
    id: row?.id ?? null,
    schema: stationInputSchema,
    defaults,
    fields: STATION_FIELDS,
    onSaved,
  });
  return (
    <RecordDialog
      title={row ? `Edit station ${row.name}` : "Add kitchen station"}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={busy}
      failure={failure}
    >
      <TextInput control={form.control} name="name" label="Station Name" required disabled={busy} autoFocus />
      <ChoiceInput
        control={form.control}
        name="mode"
        label="Mode"
        options={choicesOf(STATION_MODE_LABELS)}
        disabled={busy}
      />
      <ChoiceInput
        control={form.control}
        name="printerId"
        label="Ticket Printer"
        options={printers}
        disabled={busy}
        hint="Where printed tickets go"
      />
      <NumberInput
        control={form.control}
        name="targetMinutes"
        label="Target Minutes"
        empty={null}
        disabled={busy}
        hint="A ticket should be ready within this time"
      />
      <NumberInput
        control={form.control}
        name="alertMinutes"
        label="Alert Minutes"
        empty={null}
        disabled={busy}
        hint="The display flags a ticket still open after this time"
      />
      <NumberInput control={form.control} name="sort" label="Sort" empty={0} disabled={busy} />
      <SwitchInput control={form.control} name="active" label="Active" disabled={busy} />
    </RecordDialog>
  );
}
