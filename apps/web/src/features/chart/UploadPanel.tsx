import { Box, Link } from "@mui/material";
import { type FormEvent, useState } from "react";
import { FileUploadField } from "../../components/FileUploadField";
import { SaveResultDialog, useSaveResult } from "../../components/SaveResultDialog";
import { UploadIssuesTable } from "../../components/UploadIssuesTable";
import { isCancelled, type RowIssue, rowIssuesOf, SHEET_ACCEPT, useUploadProgress } from "../../lib/upload";
import { type ChartLevel, useUploadLevel } from "./api";
import { type LevelDepth, type LevelIds, LevelPickers, NO_LEVELS, useLevelChain } from "./LevelPickers";
import { FormPanel, SaveButton } from "./layout";

/** The form headings match the screen titles in screens.tsx. */
const TITLES: Record<ChartLevel, string> = { 2: "Upload Level Two", 3: "Upload Level Three", 4: "Upload Accounts" };
const PARENT_FIELDS = ["levelOneId", "levelTwoId", "levelThreeId"] as const;
const WITH_AMOUNTS =
  "name,amount_type,amount\r\nPETTY CASH,Debit,1500.00\r\nSUNDRY PAYABLE,Credit,250\r\nNEW CUSTOMER,,0\r\n";
const NAMES_ONLY = "name\r\nFIRST GROUP\r\nSECOND GROUP\r\n";

/** The format of an upload (docs: chart upload): a header row, then one row per name. */
function FormatHelp({ level }: { level: ChartLevel }) {
  const sample = level === 4 ? WITH_AMOUNTS : NAMES_ONLY;
  return (
    <Box>
      CSV or XLSX with a header row.{" "}
      {level === 4 ? (
        <>
          Columns <code>name</code>, <code>amount_type</code> (Debit, Credit or empty) and <code>amount</code> (0 or
          more, at most 2 decimals; an amount needs a type).
        </>
      ) : (
        <>
          One column, <code>name</code>.
        </>
      )}{" "}
      Names already there are skipped, so uploading the same file again changes nothing. Any error rejects the whole
      file.{" "}
      <Link href={`data:text/csv;charset=utf-8,${encodeURIComponent(sample)}`} download={`level${level}-sample.csv`}>
        Download a sample
      </Link>
    </Box>
  );
}

/** Upload screens of all three levels: choose the parents, a file, Save; progress while it is sent. */
export function UploadPanel({ level }: { level: ChartLevel }) {
  const depth = (level - 1) as LevelDepth;
  const [ids, setIds] = useState<LevelIds>(NO_LEVELS);
  const [file, setFile] = useState<File | null>(null);
  const progress = useUploadProgress();
  const [rejected, setRejected] = useState<{ fileName: string; issues: RowIssue[] } | null>(null);
  const chain = useLevelChain(ids, depth);
  const upload = useUploadLevel(level);
  const result = useSaveResult();

  const parents = Object.fromEntries(PARENT_FIELDS.slice(0, depth).map((field) => [field, ids[field]]));
  const ready = Object.values(parents).every((id) => id > 0) && file !== null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || file === null) return;
    setRejected(null);
    const clear = () => {
      setIds(NO_LEVELS);
      setFile(null);
    };
    upload.mutate(
      { parents, file, tracking: progress.start() },
      {
        onSettled: progress.finish,
        onSuccess: (answer) => {
          result.succeeded(
            `${file.name}: ${answer.created} added, ${answer.unchanged} already there and left unchanged.`,
          );
          clear();
        },
        onError: (error) => {
          if (isCancelled(error)) return;
          const issues = rowIssuesOf(error);
          if (issues.length > 0) setRejected({ fileName: file.name, issues });
          result.failed(error);
          clear();
        },
      },
    );
  };

  return (
    <>
      <FormPanel
        label={TITLES[level]}
        description={<FormatHelp level={level} />}
        onSubmit={onSubmit}
        loading={chain.ones.isPending}
        loadError={chain.ones.error}
        onRetry={() => void chain.ones.refetch()}
        footer={rejected ? <UploadIssuesTable fileName={rejected.fileName} issues={rejected.issues} /> : null}
      >
        <LevelPickers depth={depth} ids={ids} chain={chain} onChange={setIds} disabled={upload.isPending} />
        <FileUploadField
          label="File"
          accept={SHEET_ACCEPT}
          file={file}
          onChange={setFile}
          progress={progress.progress}
          onCancel={progress.cancel}
          sentText="the server is checking and saving it…"
          disabled={upload.isPending}
          required
          helperText="CSV or XLSX, at most 5 MB"
        />
        <SaveButton disabled={!ready} busy={upload.isPending} />
      </FormPanel>
      <SaveResultDialog {...result.dialogProps} />
    </>
  );
}
