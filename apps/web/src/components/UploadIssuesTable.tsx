import { Alert, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import type { RowIssue } from "../lib/upload";

/** A file with thousands of bad rows lists the first few hundred; the count says how many there are. */
const SHOWN = 200;

/** The rows and columns a rejected upload names; the whole file was refused, so nothing was saved. */
export function UploadIssuesTable({ fileName, issues }: { fileName: string; issues: readonly RowIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <Alert severity="error" sx={{ borderRadius: 0 }}>
        {fileName} was not saved: {issues.length === 1 ? "1 problem" : `${issues.length} problems`} found. Fix them and
        upload the file again.
        {issues.length > SHOWN ? ` The first ${SHOWN} are listed below.` : null}
      </Alert>
      <TableContainer sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label="Upload errors">
          <TableHead>
            <TableRow>
              <TableCell>Row</TableCell>
              <TableCell>Column</TableCell>
              <TableCell>Message</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {issues.slice(0, SHOWN).map((issue, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one row can have several issues in the same column
              <TableRow key={index}>
                <TableCell>{issue.row}</TableCell>
                <TableCell>{issue.column}</TableCell>
                <TableCell>{issue.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
