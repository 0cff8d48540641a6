import {
  FOOD_COST_FIGURES,
  FOOD_COST_HEADINGS,
  type FoodCostFigureName,
  type FoodCostReport,
  type FoodCostReportRequest,
  type FoodCostRow,
  foodCostReportRequestSchema,
} from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import RestaurantMenuIcon from "@mui/icons-material/RestaurantMenu";
import { Box, Button, Stack } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type Column, DataTable } from "../../components/DataTable";
import { SelectInput, TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ReportFileButtons } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { Figures, ReportError } from "../../components/ReportStatus";
import { companyToday } from "../../lib/dates";
import { money } from "../../lib/format";
import { REPORT_PATHS, reportFile, useFoodCost, useRestaurantReportOptions } from "./api";
import { TotalRow } from "./TotalRow";

type Form = z.input<typeof foodCostReportRequestSchema>;
const FIGURES = FOOD_COST_FIGURES;
type FigureName = FoodCostFigureName;
const HEADERS = FOOD_COST_HEADINGS;
/** A line of the table: a product, or the total (values only: quantities of different units do not add up). */
type Line = Pick<FoodCostRow, "code" | "name" | "unit"> & Record<FigureName, { qty: number | null; value: number }>;

const qtyText = (qty: number) => String(Number(qty.toFixed(3)));
const percentText = (pct: number | null) => (pct === null ? "No sales" : `${pct.toFixed(2)}%`);

/** A figure as its value, with its quantity in the stock unit under it. */
function FigureCell({ figure, unit }: { figure: Line[FigureName]; unit: string }) {
  return (
    <>
      <Box component="span" sx={{ display: "block" }}>
        {money(figure.value)}
      </Box>
      {figure.qty === null ? null : (
        <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: "0.75rem" }}>
          {qtyText(figure.qty)} {unit}
        </Box>
      )}
    </>
  );
}

const COLUMNS: readonly Column<Line>[] = [
  {
    key: "name",
    header: "Product",
    render: (row) =>
      row.code ? (
        <>
          <Box component="span" sx={{ display: "block" }}>
            {row.name}
          </Box>
          <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: "0.75rem" }}>
            {row.code}
          </Box>
        </>
      ) : (
        row.name
      ),
    sx: { minWidth: 200 },
  },
  ...FIGURES.map(
    (name): Column<Line> => ({
      key: name,
      header: HEADERS[name],
      render: (row) => <FigureCell figure={row[name]} unit={row.unit} />,
      align: "right",
      nowrap: true,
    }),
  ),
];

const totalLine = (report: FoodCostReport): Line => ({
  code: "",
  name: "Total",
  unit: "",
  ...(Object.fromEntries(FIGURES.map((name) => [name, { qty: null, value: report.totals[name] }])) as Record<
    FigureName,
    Line[FigureName]
  >),
});

/**
 * Food cost (Reports): per store product at the Kitchen (or the location chosen) over the business
 * days chosen, what the recipes of the sales should have used against what was used (opening +
 * received - closing), and the food cost % of net sales; the same rows as PDF and XLSX.
 */
export default function FoodCostReportPage() {
  const [criteria, setCriteria] = useState<FoodCostReportRequest | null>(null);
  const foodCost = useFoodCost(criteria);
  const options = useRestaurantReportOptions();
  const today = companyToday();
  const { control, handleSubmit } = useForm<Form, unknown, FoodCostReportRequest>({
    resolver: zodResolver(foodCostReportRequestSchema),
    defaultValues: { startDate: `${today.slice(0, 8)}01`, endDate: today, locationId: "" },
  });
  const onGenerate = handleSubmit((values) => setCriteria(values));
  const report = foodCost.data;
  const locations = (options.data?.locations ?? []).map((location) => ({
    value: String(location.id),
    label: location.name,
  }));

  return (
    <Stack spacing={2}>
      <ReportForm
        label="Food cost"
        hint="Per store product at the Kitchen: opening, received, what the recipes of the sales used (theoretical), waste and closing after the counts; actual usage = opening + received - closing, variance = actual - theoretical."
        columns={3}
        onSubmit={(event) => void onGenerate(event)}
        actions={
          <Button type="submit" variant="contained" size="large" startIcon={<RestaurantMenuIcon />}>
            Generate Food Cost Report
          </Button>
        }
      >
        <TextInput control={control} name="startDate" label="Start Date" type="date" />
        <TextInput control={control} name="endDate" label="End Date" type="date" />
        <SelectInput
          control={control}
          name="locationId"
          label="Location"
          options={locations}
          placeholder="Kitchen (all kitchen locations)"
        />
      </ReportForm>
      {options.isError ? (
        <ReportError error={options.error} what="the locations" onRetry={() => void options.refetch()} />
      ) : null}
      {criteria && foodCost.isPending ? <PageLoader label="Loading the food cost" /> : null}
      {foodCost.isError ? <ReportError error={foodCost.error} onRetry={() => void foodCost.refetch()} /> : null}
      {report && criteria ? (
        <>
          <Figures
            heading={{
              label: "Report",
              value: `Food cost, ${report.location || "no Kitchen"}`,
              testId: "food-cost-heading",
            }}
            subheading={{
              label: "Business days",
              value: `Business days ${report.startDate} to ${report.endDate}`,
              testId: "food-cost-period",
            }}
            figures={[
              { label: "Net sales", value: money(report.netSales), testId: "food-cost-net-sales" },
              { label: "Theoretical cost", value: money(report.totals.theoretical), testId: "food-cost-theoretical" },
              { label: "Food cost %", value: percentText(report.foodCostPct), testId: "food-cost-pct" },
              { label: "Actual usage", value: money(report.totals.actual), testId: "food-cost-actual" },
              { label: "Actual cost %", value: percentText(report.actualCostPct), testId: "food-cost-actual-pct" },
              { label: "Variance", value: money(report.totals.variance), testId: "food-cost-variance" },
            ]}
            action={
              <ReportFileButtons
                request={reportFile(
                  REPORT_PATHS.foodCost,
                  criteria,
                  `food-cost-${criteria.startDate}-${criteria.endDate}`,
                )}
              />
            }
          />
          <DataTable
            label="Food cost by product"
            columns={COLUMNS}
            rows={report.rows}
            rowKey={(row) => row.code}
            paged={false}
            emptyMessage="No stock at these locations on these business days."
            footer={<TotalRow columns={COLUMNS} row={totalLine(report)} testId="food-cost-total" />}
          />
        </>
      ) : null}
    </Stack>
  );
}
