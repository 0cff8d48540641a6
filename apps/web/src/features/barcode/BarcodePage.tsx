import {
  type BarcodeItem,
  LABEL_FIELDS,
  LABEL_TEMPLATES,
  type LabelField,
  type LabelTemplate,
  labelPages,
  labelsRequestSchema,
  MAX_LABEL_COPIES,
} from "@cargodesk/shared";
import DeleteIcon from "@mui/icons-material/Delete";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import QrCodeIcon from "@mui/icons-material/QrCode";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction } from "../../components/RowAction";
import { errorMessage } from "../../lib/api";
import { useOpenFile } from "../../lib/open-file";
import { loadLabels, useAssignBarcodes } from "./api";
import { ItemPicker, itemKey, priceText } from "./ItemPicker";
import { LabelPrinterActions } from "./LabelPrinterActions";

interface Chosen extends BarcodeItem {
  /** As typed; a whole number from 1 to 2,000 is valid. */
  copies: string;
  /** Given a code by the last *Assign missing barcodes*. */
  assignedNow: boolean;
}

const TEMPLATE_LABELS: Record<LabelTemplate, string> = {
  "38x25": "38 x 25 mm label (one a page)",
  "50x30": "50 x 30 mm label (one a page)",
  "a4-3x8": "A4 sheet, 3 x 8 = 24 labels",
};
const FIELD_LABELS: Record<LabelField, string> = {
  name: "Name",
  variant: "Size / flavour",
  price: "Price",
  code: "Barcode",
};

const copiesOf = (text: string) => (/^\d{1,4}$/.test(text) ? Number(text) : Number.NaN);
const copiesValid = (text: string) => {
  const value = copiesOf(text);
  return value >= 1 && value <= MAX_LABEL_COPIES;
};

/**
 * /inventory/barcode/generateBarcode: choose menu variants or store products, copies each, a
 * template and what to print; *Assign missing barcodes* gives in-store EAN-13s to chosen items
 * without one (and shows them), *Generate PDF* opens the labels in a window of their own.
 */
export default function BarcodePage() {
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [template, setTemplate] = useState<LabelTemplate>("a4-3x8");
  const [fields, setFields] = useState<LabelField[]>([...LABEL_FIELDS]);
  const assign = useAssignBarcodes();
  const file = useOpenFile();
  const result = useResultDialog();

  const keys = new Set(chosen.map(itemKey));
  const add = (items: readonly BarcodeItem[]) =>
    setChosen((current) => [
      ...current,
      ...items
        .filter((item) => !current.some((row) => itemKey(row) === itemKey(item)))
        .map((item) => ({ ...item, copies: "1", assignedNow: false })),
    ]);
  const setCopies = (key: string, copies: string) =>
    setChosen((current) => current.map((row) => (itemKey(row) === key ? { ...row, copies } : row)));
  const remove = (key: string) => setChosen((current) => current.filter((row) => itemKey(row) !== key));

  const request = labelsRequestSchema.safeParse({
    items: chosen.map((row) => ({ kind: row.kind, id: row.id, copies: copiesOf(row.copies) })),
    template,
    fields,
  });
  const totalCopies = chosen.reduce((sum, row) => sum + (copiesValid(row.copies) ? copiesOf(row.copies) : 0), 0);
  const missingCodes = chosen.filter((row) => !row.barcode);
  const problem =
    chosen.length === 0
      ? null
      : request.success
        ? fields.includes("code") && missingCodes.length > 0
          ? `${missingCodes.length} chosen item(s) have no barcode: assign missing barcodes first, or leave Barcode off the label.`
          : null
        : (request.error.issues[0]?.message ?? null);

  const assignMissing = () =>
    assign.mutate(
      {
        variantIds: chosen.filter((row) => row.kind === "variant").map((row) => row.id),
        storeProductIds: chosen.filter((row) => row.kind === "storeProduct").map((row) => row.id),
      },
      {
        onSuccess: (answer) => {
          const given = new Map(answer.data.map((item) => [itemKey(item), item]));
          setChosen((current) =>
            current.map((row) => {
              const item = given.get(itemKey(row));
              return item ? { ...row, barcode: item.barcode, assignedNow: item.assigned } : row;
            }),
          );
          result.show("Success", answer.message);
        },
        onError: (error) => result.show("Error", errorMessage(error)),
      },
    );

  const columns: Column<Chosen>[] = [
    { key: "name", header: "Name", render: (row) => [row.name, row.variant].filter(Boolean).join(" ") },
    { key: "price", header: "Price", align: "right", nowrap: true, render: (row) => priceText(row.price) },
    {
      key: "barcode",
      header: "Barcode",
      nowrap: true,
      render: (row) =>
        row.barcode ? (
          <Box component="span" sx={{ display: "inline-flex", gap: 1, alignItems: "center" }}>
            <span data-testid={`chosen-code-${itemKey(row)}`}>{row.barcode}</span>
            {row.assignedNow && <Chip size="small" color="success" label="assigned" />}
          </Box>
        ) : (
          <Chip size="small" color="warning" label="none" />
        ),
    },
    {
      key: "copies",
      header: "Copies",
      render: (row) => (
        <TextField
          size="small"
          value={row.copies}
          onChange={(event) => setCopies(itemKey(row), event.target.value.trim())}
          error={!copiesValid(row.copies)}
          helperText={copiesValid(row.copies) ? undefined : "1 to 2,000"}
          slotProps={{
            htmlInput: {
              inputMode: "numeric",
              "aria-label": `Copies of ${[row.name, row.variant].filter(Boolean).join(" ")}`,
            },
          }}
          sx={{ width: 110 }}
        />
      ),
    },
  ];

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ItemPicker chosen={keys} onAdd={add} />
      <Paper variant="outlined" sx={{ p: 2, display: "grid", gap: 2 }}>
        <Typography component="h2" variant="h6">
          Labels to print
        </Typography>
        <DataTable
          label="Chosen items"
          columns={columns}
          rows={chosen}
          rowKey={itemKey}
          paged={false}
          emptyMessage="Add menu variants or store products from the list above"
          actionsHeader="Remove"
          rowActions={(row) => (
            <RowAction
              title="Remove"
              label={`Remove ${[row.name, row.variant].filter(Boolean).join(" ")}`}
              icon={<DeleteIcon />}
              onClick={() => remove(itemKey(row))}
            />
          )}
        />
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 3, alignItems: "flex-start" }}>
          <TextField
            select
            size="small"
            label="Template"
            value={template}
            onChange={(event) => setTemplate(LABEL_TEMPLATES.find((value) => value === event.target.value) ?? template)}
            sx={{ minWidth: 280 }}
          >
            {LABEL_TEMPLATES.map((value) => (
              <MenuItem key={value} value={value}>
                {TEMPLATE_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <FormControl component="fieldset" error={fields.length === 0}>
            <FormLabel component="legend">Print on each label</FormLabel>
            <FormGroup row>
              {LABEL_FIELDS.map((field) => (
                <FormControlLabel
                  key={field}
                  label={FIELD_LABELS[field]}
                  control={
                    <Checkbox
                      checked={fields.includes(field)}
                      onChange={(event) =>
                        setFields((current) =>
                          event.target.checked
                            ? LABEL_FIELDS.filter((name) => name === field || current.includes(name))
                            : current.filter((name) => name !== field),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
        </Box>
        <Typography variant="body2" sx={{ color: "text.secondary" }} aria-live="polite">
          {totalCopies.toLocaleString("en-US")} label(s) on {labelPages(template, totalCopies).toLocaleString("en-US")}{" "}
          page(s); at most {MAX_LABEL_COPIES.toLocaleString("en-US")} in one PDF.
        </Typography>
        {problem && <Alert severity="warning">{problem}</Alert>}
        {file.error && (
          <Alert severity="error" onClose={file.clearError}>
            {file.error}
          </Alert>
        )}
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }}>
          <Button
            variant="outlined"
            startIcon={<QrCodeIcon />}
            disabled={missingCodes.length === 0 || assign.isPending}
            onClick={assignMissing}
          >
            Assign missing barcodes
          </Button>
          <Button
            variant="contained"
            startIcon={<PictureAsPdfIcon />}
            disabled={!request.success || problem !== null || file.busy}
            onClick={() => request.success && void file.open("pdf", "Barcode labels", loadLabels(request.data))}
          >
            Generate PDF
          </Button>
          <LabelPrinterActions request={request.success ? request.data : null} blocked={problem !== null} />
        </Box>
      </Paper>
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}
