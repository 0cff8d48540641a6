import { type Printer, printerInputSchema, type Station, stationInputSchema } from "@cargodesk/shared";
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { NumberInput } from "../../components/NumberInput";
import { SwitchInput } from "../../components/RecordFields";
import { useRecordChoices } from "./api";
import { ChoiceInput } from "./fields";
import { choicesOf, PRINTER_KIND_LABELS, STATION_MODE_LABELS } from "./labels";
import { RecordDialog, useRecordForm } from "./RecordDialog";
import type { EditorProps } from "./RecordTable";

type PrinterForm = z.input<typeof printerInputSchema>;
const PRINTER_FIELDS = ["name", "kind", "host", "port", "widthChars", "codepage"] as const;
const WIDTHS = [
  { value: 48, label: "80 mm paper (48 characters)" },
  { value: 42, label: "80 mm paper, larger font (42 characters)" },
  { value: 32, label: "58 mm paper (32 characters)" },
];
const widthOf = (chars: number): PrinterForm["widthChars"] => (chars === 32 || chars === 42 ? chars : 48);

export function PrinterEditor(props: EditorProps<Printer>) {
  const { row } = props;
  const defaults: PrinterForm = row
    ? { ...row, widthChars: widthOf(row.widthChars) }
    : { name: "", kind: "network_escpos", host: "", port: 9100, widthChars: 48, codepage: "cp437", active: true };
  const { form, field, dialog } = useRecordForm({
    kind: "printer",
    editor: props,
    title: row ? `Edit printer ${row.name}` : "Add printer",
    schema: printerInputSchema,
    defaults,
    fields: PRINTER_FIELDS,
  });
  const network = useWatch({ control: form.control, name: "kind" }) === "network_escpos";
  return (
    <RecordDialog {...dialog}>
      <TextInput {...field} name="name" label="Printer Name" required autoFocus />
      <ChoiceInput
        {...field}
        name="kind"
        label="Kind"
        options={choicesOf(PRINTER_KIND_LABELS)}
        hint={network ? "Receives ESC/POS over TCP, usually port 9100" : "The browser's print dialog prints to it"}
      />
      {network ? (
        <>
          <TextInput {...field} name="host" label="Host or IP Address" required />
          <NumberInput {...field} name="port" label="Port" empty={null} />
        </>
      ) : null}
      <ChoiceInput {...field} name="widthChars" label="Paper Width" options={WIDTHS} />
      <TextInput {...field} name="codepage" label="Code Page" hint="e.g. cp437" />
      <SwitchInput {...field} name="active" label="Active" />
    </RecordDialog>
  );
}

type StationForm = z.input<typeof stationInputSchema>;
const STATION_FIELDS = ["name", "printerId", "mode", "targetMinutes", "alertMinutes", "sort"] as const;

/** The printers as choices, with None first. */
export function usePrinterChoices() {
  return [{ value: null, label: "None" }, ...useRecordChoices("printer")];
}

export function StationEditor(props: EditorProps<Station>) {
  const { row } = props;
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
  const { field, dialog } = useRecordForm({
    kind: "station",
    editor: props,
    title: row ? `Edit station ${row.name}` : "Add kitchen station",
    schema: stationInputSchema,
    defaults,
    fields: STATION_FIELDS,
  });
  return (
    <RecordDialog {...dialog}>
      <TextInput {...field} name="name" label="Station Name" required autoFocus />
      <ChoiceInput {...field} name="mode" label="Mode" options={choicesOf(STATION_MODE_LABELS)} />
      <ChoiceInput
        {...field}
        name="printerId"
        label="Ticket Printer"
        options={printers}
        hint="Where printed tickets go"
      />
      <NumberInput
        {...field}
        name="targetMinutes"
        label="Target Minutes"
        empty={null}
        hint="A ticket should be ready within this time"
      />
      <NumberInput
        {...field}
        name="alertMinutes"
        label="Alert Minutes"
        empty={null}
        hint="The display flags a ticket still open after this time"
      />
      <NumberInput {...field} name="sort" label="Sort" empty={0} />
      <SwitchInput {...field} name="active" label="Active" />
    </RecordDialog>
  );
}
