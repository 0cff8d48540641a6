import KeyboardArrowDownIcon from "@mui/icons-material/KeyboardArrowDown";
import KeyboardArrowUpIcon from "@mui/icons-material/KeyboardArrowUp";
import {
  Alert,
  Box,
  Button,
  Collapse,
  IconButton,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from "@mui/material";
import { Fragment, type ReactNode, useState } from "react";
import { EmptyState } from "../../components/EmptyState";
import { errorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import type { VoucherRecord } from "./api";
import { formatAmount, VoucherLines, VoucherStatusChip } from "./VoucherLines";

/** The spec's general page sizes. */
const PAGE_SIZES = [50, 100, 150, 200];
const HEADERS = ["Voucher #", "Date", "Cash / Bank", "Total", "Status", "Entered / Decided"] as const;
const DECISION = { Approve: "Approved", Disapprove: "Disapproved", Pending: "Decided" } as const;

/** Who entered the voucher, and who approved or disapproved it and when. */
function PeopleCell({ voucher }: { voucher: VoucherRecord }) {
  const decided = voucher.decidedBy || voucher.decidedAt;
  return (
    <>
      <Box component="span" sx={{ display: "block" }}>
        Entered by {voucher.createdBy ?? "—"}
      </Box>
      {decided ? (
        <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: 12 }}>
          {DECISION[voucher.status]} by {voucher.decidedBy ?? "—"}, {formatDateTime(voucher.decidedAt, "")}
        </Box>
      ) : null}
    </>
  );
}

interface VoucherTableProps {
  /** The table's accessible name. */
  label: string;
  rows: readonly VoucherRecord[] | undefined;
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  emptyMessage: string;
  /** Buttons for one voucher, in the last column. */
  actions?: (voucher: VoucherRecord) => ReactNode;
  toolbar?: ReactNode;
}

/** Vouchers, newest first, each row expandable to its lines. */
export function VoucherTable({
  label,
  rows,
  loading,
  error,
  onRetry,
  emptyMessage,
  actions,
  toolbar,
}: VoucherTableProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [pageSize, setPageSize] = useState(200);
  const [paging, setPaging] = useState<{ rows: typeof rows; page: number }>({ rows, page: 0 });
  const count = rows?.length ?? 0;
  const page = paging.rows === rows ? Math.min(paging.page, Math.max(0, Math.ceil(count / pageSize) - 1)) : 0;
  const visible = rows?.slice(page * pageSize, (page + 1) * pageSize) ?? [];
  const columnCount = HEADERS.length + 1 + (actions ? 1 : 0);
  const numbers = new Map(rows?.map((voucher) => [voucher._id, voucher.voucherManualId]));

  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const wide = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={columnCount} sx={{ borderBottom: 0 }}>
        {content}
      </TableCell>
    </TableRow>
  );

  let body: ReactNode;
  if (loading) {
    body = [0, 1, 2, 3].map((index) => (
      <TableRow key={index}>
        {Array.from({ length: columnCount }, (_, cell) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have nothing else to key on
          <TableCell key={cell}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (error) {
    body = wide(
      <Alert
        severity="error"
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          ) : undefined
        }
      >
        Could not load the vouchers. {errorMessage(error)}
      </Alert>,
    );
  } else if (visible.length === 0) {
    body = wide(<EmptyState title={emptyMessage} />);
  } else {
    body = visible.map((voucher) => {
      const expanded = open.has(voucher._id);
      const linesId = `voucher-lines-${voucher._id}`;
      return (
        <Fragment key={voucher._id}>
          <TableRow hover data-testid={`voucher-row-${voucher.voucherManualId}`} sx={{ "& > td": { borderBottom: 0 } }}>
            <TableCell padding="checkbox">
              <IconButton
                size="small"
                aria-label={`${expanded ? "Hide" : "Show"} lines of ${voucher.voucherManualId}`}
                aria-expanded={expanded}
                aria-controls={linesId}
                onClick={() => toggle(voucher._id)}
              >
                {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
              </IconButton>
            </TableCell>
            <TableCell sx={{ whiteSpace: "nowrap", fontWeight: 600 }}>{voucher.voucherManualId}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{voucher.vocDate}</TableCell>
            <TableCell sx={{ maxWidth: 150 }}>{voucher.cashAccTittle ?? "—"}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
              {formatAmount(voucher.totalAmount)}
            </TableCell>
            <TableCell sx={{ maxWidth: 140 }}>
              <VoucherStatusChip
                voucher={voucher}
                reversalOf={voucher.reversalOfId ? numbers.get(voucher.reversalOfId) : undefined}
              />
            </TableCell>
            <TableCell sx={{ minWidth: 150, maxWidth: 200 }}>
              <PeopleCell voucher={voucher} />
            </TableCell>
            {actions ? (
              <TableCell align="right" sx={{ whiteSpace: "nowrap", width: "1%" }}>
                {actions(voucher)}
              </TableCell>
            ) : null}
          </TableRow>
          <TableRow>
            <TableCell colSpan={columnCount} sx={{ py: 0 }}>
              <Collapse in={expanded} unmountOnExit id={linesId}>
                <Box sx={{ py: 1.5, pl: 6 }}>
                  <VoucherLines voucher={voucher} />
                </Box>
              </Collapse>
            </TableCell>
          </TableRow>
        </Fragment>
      );
    });
  }

  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      {toolbar ? (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", p: 2, pb: 1 }}>{toolbar}</Box>
      ) : null}
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={loading}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" sx={{ position: "relative" }}>
                <Box component="span" sx={visuallyHidden}>
                  Lines
                </Box>
              </TableCell>
              {HEADERS.map((header) => (
                <TableCell key={header} align={header === "Total" ? "right" : "left"}>
                  {header}
                </TableCell>
              ))}
              {actions ? <TableCell align="right">Actions</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={count}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => setPaging({ rows, page: next })}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPaging({ rows, page: 0 });
        }}
      />
    </Paper>
  );
}

const visuallyHidden = {
  border: 0,
  clip: "rect(0 0 0 0)",
  height: 1,
  margin: -1,
  overflow: "hidden",
  padding: 0,
  position: "absolute",
  whiteSpace: "nowrap",
  width: 1,
} as const;
