import { type ReceivablesAging, receivablesAgingRequestSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AssessmentOutlinedIcon from "@mui/icons-material/AssessmentOutlined";
import {
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { EmptyState } from "../../components/EmptyState";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ReportFileButtons } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { Figures, ReportError } from "../../components/ReportStatus";
import { companyToday } from "../../lib/dates";
import { money } from "../../lib/format";
import { REPORT_PATHS, reportFile, useReceivablesAging } from "./api";

type Form = z.input<typeof receivablesAgingRequestSchema>;
type Request = z.output<typeof receivablesAgingRequestSchema>;
type Amounts = ReceivablesAging["totals"];

const BUCKET_HEADERS = Array.from({ length: 8 }, (_, k) => `${15 * k + 1}-${15 * k + 15}`);
// The customer stays in view while the amounts scroll sideways on narrow screens.
const sticky = { position: "sticky", left: 0, zIndex: 1, bgcolor: "background.paper" } as const;

function AmountCells({ row }: { row: Amounts }) {
  return (
    <>
      {row.ledger_history.map((amount, k) => (
        <TableCell key={BUCKET_HEADERS[k]} align="right" sx={{ whiteSpace: "nowrap" }}>
          {amount === 0 ? "" : money(amount)}
        </TableCell>
      ))}
      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
        {row.older === 0 ? "" : money(row.older)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
        {row.unappliedCredit === 0 ? "" : money(row.unappliedCredit)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: "nowrap", fontWeight: 600 }}>
        {money(row.total)}
      </TableCell>
    </>
  );
}

function ReceivablesTable({ report }: { report: ReceivablesAging }) {
  const titleId = useId();
  const strong = { fontWeight: 700, color: "text.primary" };
  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ px: 2, py: 1.5 }}>
        Receivables by age (days)
      </Typography>
      <TableContainer sx={{ maxHeight: 640 }}>
        <Table stickyHeader size="small" aria-labelledby={titleId} data-testid="receivables-aging-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...sticky, zIndex: 3, minWidth: 200 }}>Customer</TableCell>
              {BUCKET_HEADERS.map((header) => (
                <TableCell key={header} align="right">
                  {header}
                </TableCell>
              ))}
              <TableCell align="right">Over 120</TableCell>
              <TableCell align="right">Advance</TableCell>
              <TableCell align="right">Balance</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.data.length === 0 ? (
              <TableRow>
                <TableCell colSpan={12} sx={{ borderBottom: 0 }}>
                  <EmptyState
                    title="No customer accounts"
                    description={
                      report.group
                        ? "The customers' receivables group has no accounts yet."
                        : "Accounts Integration names no customers' receivables group."
                    }
                  />
                </TableCell>
              </TableRow>
            ) : (
              report.data.map((row) => (
                <TableRow key={row.levelFourId} hover data-testid={`receivables-row-${row.levelFourId}`}>
                  <TableCell component="th" scope="row" sx={sticky}>
                    {row.levelFourName}
                    <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
                      {row.allLevelKey}
                    </Typography>
                  </TableCell>
                  <AmountCells row={row} />
                </TableRow>
              ))
            )}
          </TableBody>
          <TableFooter>
            <TableRow data-testid="receivables-total">
              <TableCell sx={{ ...sticky, ...strong }}>Total</TableCell>
              <AmountCells row={report.totals} />
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** Receivables Aging: every customer's receivable account aged as of a date (today by default). */
export default function ReceivablesAgingPage() {
  const [criteria, setCriteria] = useState<{ asOfDate: string } | null>(null);
  const aging = useReceivablesAging(criteria);
  const { control, handleSubmit } = useForm<Form, unknown, Request>({
    resolver: zodResolver(receivablesAgingRequestSchema),
    defaultValues: { asOfDate: companyToday() },
  });
  const onGenerate = handleSubmit((values) => setCriteria({ asOfDate: values.asOfDate ?? "" }));

  return (
    <Stack spacing={2}>
      <ReportForm
        label="Receivables aging"
        hint="Every account under the customers' receivables group (Accounts Integration), open debits by age, settled first-in first-out."
        columns={2}
        onSubmit={(event) => void onGenerate(event)}
        actions={
          <Button type="submit" variant="contained" size="large" startIcon={<AssessmentOutlinedIcon />}>
            Generate Receivables Aging
          </Button>
        }
      >
        <TextInput control={control} name="asOfDate" label="As of Date" type="date" hint="Today when empty" />
      </ReportForm>
      {criteria && aging.isPending ? <PageLoader label="Loading the receivables aging" /> : null}
      {aging.isError ? <ReportError error={aging.error} onRetry={() => void aging.refetch()} /> : null}
      {aging.data && criteria ? (
        <>
          <Figures
            heading={{
              label: "Group",
              value: aging.data.group ? `${aging.data.group.allLevelKey} ${aging.data.group.name}` : "No group",
              testId: "receivables-group",
            }}
            subheading={{ label: "As of", value: `As of ${aging.data.asOfDate}`, testId: "receivables-as-of" }}
            figures={[
              { label: "Customers", value: String(aging.data.data.length), testId: "receivables-count" },
              { label: "Total receivable", value: money(aging.data.totals.total), testId: "receivables-balance" },
            ]}
            action={
              <ReportFileButtons
                request={reportFile(REPORT_PATHS.receivablesAging, criteria, `receivables-aging-${criteria.asOfDate}`)}
              />
            }
          />
          <ReceivablesTable report={aging.data} />
        </>
      ) : null}
    </Stack>
  );
}
