import type { PosFloorTable } from "@cargodesk/shared";
import { Alert, Box, Button, CircularProgress, Typography } from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { money } from "../../lib/format";
import { TillDialog } from "../pos/TillDialog";
import { useFloor, useMerge, useTransfer } from "./api";
import { isSeated } from "./states";

/** Every hall's tables, grouped by hall (the table's own hall first), as picker buttons. */
function TablePicker({
  tables,
  from,
  empty,
  render,
}: {
  tables: readonly PosFloorTable[];
  from: PosFloorTable;
  empty: string;
  render: (table: PosFloorTable) => React.ReactNode;
}) {
  if (tables.length === 0) return <Typography sx={{ color: "text.secondary" }}>{empty}</Typography>;
  const halls = [...new Set([from.hallName, ...tables.map((table) => table.hallName)])].filter((hall) =>
    tables.some((table) => table.hallName === hall),
  );
  return (
    <>
      {halls.map((hall) => (
        <Box key={hall} component="section" aria-label={hall}>
          <Typography variant="overline" component="h3">
            {hall}
          </Typography>
          <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(120px, 1fr))", gap: 1 }}>
            {tables.filter((table) => table.hallName === hall).map(render)}
          </Box>
        </Box>
      ))}
    </>
  );
}

/** The floor of every hall for a picker, with its loading and error states. */
function useAllTables() {
  const floor = useFloor(null);
  const state = floor.isPending ? (
    <CircularProgress aria-label="Loading the tables" sx={{ alignSelf: "center" }} />
  ) : floor.isError ? (
    <Alert severity="error">{errorMessage(floor.error)}</Alert>
  ) : null;
  return { tables: floor.data?.tables ?? [], state };
}

/** Transfer (design 6.2 step 6): the check moves to a free table; nothing goes to the kitchen again. */
export function TransferDialog({
  orderId,
  from,
  onDone,
  onClose,
}: {
  orderId: number;
  from: PosFloorTable;
  onDone: (table: PosFloorTable) => void;
  onClose: () => void;
}) {
  const { tables, state } = useAllTables();
  const transfer = useTransfer();
  const free = tables.filter((table) => table.id !== from.id && table.state === "free");
  return (
    <TillDialog title={`Transfer ${from.name}'s check`} onClose={onClose} maxWidth="sm">
      {transfer.isError ? <Alert severity="error">{errorMessage(transfer.error)}</Alert> : null}
      {state ?? (
        <TablePicker
          tables={free}
          from={from}
          empty="No table is free."
          render={(table) => (
            <Button
              key={table.id}
              variant="outlined"
              disabled={transfer.isPending}
              onClick={() => transfer.mutate({ orderId, tableId: table.id }, { onSuccess: () => onDone(table) })}
              aria-label={`Transfer to ${table.name}`}
            >
              {table.name}
            </Button>
          )}
        />
      )}
    </TillDialog>
  );
}

interface MergeTarget {
  table: PosFloorTable;
  orderId: number;
  label: string;
}

/**
 * Merge (design 6.2 step 7): the check's lines move into another seated table's check, after a
 * confirmation; nothing goes to the kitchen again and the cards show "T5 → T7".
 */
export function MergeDialog({
  orderId,
  from,
  onDone,
  onClose,
}: {
  orderId: number;
  from: PosFloorTable;
  onDone: (target: { table: PosFloorTable; orderId: number }) => void;
  onClose: () => void;
}) {
  const { tables, state } = useAllTables();
  const merge = useMerge();
  const [target, setTarget] = useState<MergeTarget | null>(null);
  const seated = tables.filter((table) => isSeated(table) && table.id !== from.id);
  if (target)
    return (
      <TillDialog
        title="Merge the checks?"
        formLabel="Merge"
        onClose={onClose}
        submit={{
          label: "Merge",
          disabled: merge.isPending,
          onSubmit: () =>
            merge.mutate(
              { orderId, intoOrderId: target.orderId },
              { onSuccess: () => onDone({ table: target.table, orderId: target.orderId }) },
            ),
        }}
      >
        {merge.isError ? <Alert severity="error">{errorMessage(merge.error)}</Alert> : null}
        <Typography>
          Every line of {from.name}&apos;s check moves into {target.label}. Nothing is sent to the kitchen again, and{" "}
          {from.name} is free unless it has other checks.
        </Typography>
      </TillDialog>
    );
  return (
    <TillDialog title={`Merge ${from.name}'s check into`} onClose={onClose} maxWidth="sm">
      {state ?? (
        <TablePicker
          tables={seated}
          from={from}
          empty="No other table has a check."
          render={(table) =>
            table.orderIds.map((id, index) => {
              const label = `${table.name}${table.orderIds.length > 1 ? ` check ${index + 1}` : ""}`;
              return (
                <Button
                  key={id}
                  variant="outlined"
                  onClick={() => setTarget({ table, orderId: id, label })}
                  aria-label={`Merge into ${label}`}
                  sx={{ flexDirection: "column" }}
                >
                  {label}
                  {table.orderIds.length === 1 ? <Typography variant="caption">{money(table.total)}</Typography> : null}
                </Button>
              );
            })
          }
        />
      )}
    </TillDialog>
  );
}
