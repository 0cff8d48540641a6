import type { UnitUsageRow } from "@cargodesk/shared";
import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { useUnitUsage } from "./api";

const COLUMNS: Column<UnitUsageRow>[] = [
  { key: "name", header: "Name", nowrap: true, render: (row) => row.uomName },
  { key: "symbol", header: "Symbol", render: (row) => row.symbol },
  { key: "dimension", header: "Dimension", render: (row) => row.dimension },
  { key: "factor", header: "Factor to base", align: "right", render: (row) => row.factor },
  {
    key: "products",
    header: "Store products",
    align: "right",
    render: (row) => row.stockProducts + row.purchaseProducts,
  },
  { key: "packs", header: "Packs", align: "right", render: (row) => row.packs },
  { key: "shipments", header: "Shipment lines", align: "right", render: (row) => row.shipmentLines },
  { key: "documents", header: "Store documents", align: "right", render: (row) => row.documentLines },
];

/** Every unit with what uses it; a row with product-specific conversions expands to list them. */
export function UnitTable({
  toolbar,
  rowActions,
}: {
  toolbar?: ReactNode;
  rowActions?: (row: UnitUsageRow) => ReactNode;
}) {
  const usage = useUnitUsage();
  return (
    <DataTable
      label="Units of measure"
      columns={COLUMNS}
      rows={usage.data}
      rowKey={(row) => row.uomId}
      rowTestId={(row) => `unit-${row.uomName}`}
      loading={usage.isPending}
      error={usage.error}
      onRetry={() => void usage.refetch()}
      errorTitle="Could not load the units."
      emptyMessage="No units yet."
      toolbar={toolbar}
      paged
      defaultPageSize={50}
      pageSizeOptions={[50, 100]}
      actionsHeader={rowActions ? "Actions" : undefined}
      rowActions={rowActions}
      expand={{
        header: "Conversions",
        label: (row, expanded) => `${expanded ? "Hide" : "Show"} the product conversions of ${row.uomName}`,
        render: (row) =>
          row.conversions.length === 0 ? (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              No product has its own conversion for {row.uomName}: it converts by its factor within {row.dimension}.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {row.conversions.map((conversion) => (
                <li key={conversion.storeProductId}>
                  1 {row.uomName} of {conversion.name} ({conversion.code}) = {conversion.factor} {conversion.stockUom}
                </li>
              ))}
            </Box>
          ),
      }}
    />
  );
}
